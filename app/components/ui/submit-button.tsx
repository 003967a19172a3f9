export function SubmitButton({ children }: { children: React.ReactNode }) {
  return (
    <button
      type="submit"
      className="w-full rounded-md bg-forest-700 py-2.5 font-semibold text-white hover:bg-forest-800"
    >
      {children}
    </button>
  );
}
