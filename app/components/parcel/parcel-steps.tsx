import type { ParcelStepView } from "@shared/parcel-views";
import { useFormat } from "~/i18n/use-format";
import { useParcelT } from "~/i18n/use-parcel-t";

/**
 * What a parcel went through, oldest first: the state each step moved it to in the page's language (or, for news on
 * the way, the courier's words alone), when, and what the courier said. Nobody's name, phone or address.
 */
export function ParcelSteps({ steps }: { steps: ParcelStepView[] }) {
  const { t } = useParcelT();
  const format = useFormat();
  if (steps.length === 0) return <p className="mt-2 text-stone-600">{t("parcel.noSteps")}</p>;
  return (
    <ol className="mt-3 space-y-3 border-l-2 border-wood-100 pl-4" data-testid="parcel-steps">
      {steps.map((step, i) => (
        <li key={`${step.at}-${i}`} className="relative">
          <span aria-hidden className="absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full bg-forest-700" />
          <p className="font-semibold text-wood-900">
            {step.state ? t(`parcel.states.${step.state}`) : (step.message ?? "")}
            <span className="font-normal text-stone-600">
              {" · "}
              <time dateTime={step.at}>{format.dateTime(step.at)}</time>
            </span>
          </p>
          {step.state && step.message ? <p className="text-sm break-words text-stone-700">{step.message}</p> : null}
        </li>
      ))}
    </ol>
  );
}
