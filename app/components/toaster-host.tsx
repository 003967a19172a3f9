import { Suspense, lazy, useEffect, useState } from "react";
import { registerToasterHost, toasterMounted } from "~/lib/toast";
import { TEST_MODE_BANNER_HEIGHT } from "./layout/test-mode-banner";

/** Where toasts open: below the sticky 65 px navbar, by this many pixels from the top. */
export const BELOW_NAVBAR = 77;

const Toaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await import("sonner");
  function ReadyToaster({ belowBanner }: { belowBanner: boolean }) {
    useEffect(() => toasterMounted(), []);
    // Below the navbar (and the test-mode banner above it): a toast over Dashboard or Log Out would hold them
    // hostage, since hovering a toast pauses its 5 s.
    const top = BELOW_NAVBAR + (belowBanner ? TEST_MODE_BANNER_HEIGHT : 0);
    return (
      <SonnerToaster
        position="top-right"
        offset={{ top }}
        mobileOffset={{ top }}
        duration={5000}
        richColors
        closeButton
      />
    );
  }
  return { default: ReadyToaster };
});

/** Spec §9: toasts at the top right, closing after 5000 ms. */
export function ToasterHost({ belowBanner }: { belowBanner: boolean }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => registerToasterHost(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster belowBanner={belowBanner} />
    </Suspense>
  ) : null;
}
