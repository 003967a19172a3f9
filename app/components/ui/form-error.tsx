import { useMessage, type Said } from "~/i18n/use-message";

/** Spec §8: the identity provider's message, in red under the form (in the page's language). */
export function FormError({ message }: { message?: Said | null }) {
  const translate = useMessage();
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-600">
      {translate(message)}
    </p>
  );
}
