import { Suspense, lazy, useEffect, useState } from "react";
import { registerToasterHost, toasterMounted } from "~/lib/toast";

const BELOW_NAVBAR = 77;

const Toaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await import("sonner");
  function ReadyToaster() {
    useEffect(() => toasterMounted(), []);
    // Below the sticky 65 px navbar: a toast over Dashboard or Log Out would hold them hostage, since hovering a
    // toast pauses its 5 s.
    return (
      <SonnerToaster
        position="top-right"
        offset={{ top: BELOW_NAVBAR }}
        mobileOffset={{ top: BELOW_NAVBAR }}
        duration={5000}
        richColors
        closeButton
      />
    );
  }
  return { default: ReadyToaster };
});

/** Spec §9: toasts at the top right, closing after 5000 ms. */
export function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => registerToasterHost(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
