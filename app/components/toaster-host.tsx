import { Suspense, lazy, useEffect, useState } from "react";
import { registerToasterHost, toasterMounted } from "~/lib/toast";

const Toaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await import("sonner");
  function ReadyToaster() {
    useEffect(() => toasterMounted(), []);
    return <SonnerToaster position="top-right" duration={5000} richColors closeButton />;
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
