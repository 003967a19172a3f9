import { Form } from "react-router";
import { adminOnly } from "@server/context/actor";
import { deliveryZones, setDeliveryZones, zoneJson, type ZoneJson } from "@server/delivery";
import { DIVISIONS } from "@shared/bangladesh";
import { formatCount } from "@shared/format";
import { FALLBACK_ZONE, ZONE_IDS } from "@shared/delivery-zones";
import { M } from "@shared/messages";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { PanelSection } from "~/components/ui/panel";
import { formNumber, formOf, optionalNumber, typedValues } from "~/door/form-input.server";
import { act, load, succeeded } from "~/door/page-door.server";
import { metaTexts } from "~/i18n/meta";
import { pageText, usePageT } from "~/i18n/use-page-t";
import { pageTitle } from "~/lib/site";
import type { Said } from "~/i18n/use-message";
import { useT } from "~/i18n/use-t";
import { useActionToast } from "~/lib/use-action-toast";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(pageText(metaTexts(matches).language, "deliveryPage.title")) },
];

export async function loader(args: Route.LoaderArgs) {
  return load(args, async (ctx, actor) => {
    adminOnly(actor);
    return { zones: (await deliveryZones(ctx)).map(zoneJson) };
  });
}

/** The three zones as the form sends them: `{zone}.firstKg`, …, and one `{zone}.district` per ticked district. */
function zonesOf(form: FormData) {
  return ZONE_IDS.map((id) => ({
    id,
    firstKg: formNumber(form.get(`${id}.firstKg`)),
    perKg: formNumber(form.get(`${id}.perKg`)),
    freeAbove: optionalNumber(form.get(`${id}.freeAbove`)) ?? null,
    codAvailable: form.get(`${id}.codAvailable`) === "on",
    advanceDeliveryCharge: form.get(`${id}.advance`) === "on",
    districts: form.getAll(`${id}.district`).filter((d) => typeof d === "string"),
  }));
}

/** What was typed, for a refusal to show again: each field's value, and each zone's ticked districts, one a line. */
function typedZones(form: FormData): Record<string, string> {
  const values = typedValues(form);
  for (const id of ZONE_IDS) {
    values[`${id}.district`] = form
      .getAll(`${id}.district`)
      .filter((d) => typeof d === "string")
      .join("\n");
  }
  return values;
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  return act(
    args,
    (ctx) => setDeliveryZones(ctx, { zones: zonesOf(form) }),
    () => succeeded(M.zone.saved),
    { fields: true, values: typedZones(form) },
  );
}

/** A zone as its fields show it: as saved, or as a refused form typed it (text, and the boxes it ticked). */
type ZoneShown = Omit<ZoneJson, "firstKg" | "perKg" | "freeAbove"> & {
  firstKg: number | string;
  perKg: number | string;
  freeAbove: number | string | null;
};

/** The zones as the refused form had them (a page posted without JavaScript is drawn afresh), else as saved. */
function shownZones(zones: ZoneJson[], typed: Record<string, string> | undefined): ZoneShown[] {
  if (!typed) return zones;
  return zones.map((zone) => {
    const own = (field: string) => typed[`${zone.id}.${field}`];
    return {
      id: zone.id,
      firstKg: own("firstKg") ?? "",
      perKg: own("perKg") ?? "",
      freeAbove: own("freeAbove") ?? "",
      codAvailable: own("codAvailable") === "on",
      advanceDeliveryCharge: own("advance") === "on",
      districts: (own("district") ?? "").split("\n").filter(Boolean),
    };
  });
}

export default function DeliveryCharges({ loaderData, actionData }: Route.ComponentProps) {
  const { t: tp } = usePageT();
  useActionToast(actionData);
  const errors = actionData?.errors ?? {};
  return (
    <PanelSection id="delivery-charges" title={tp("deliveryPage.title")}>
      <p className="mt-2 max-w-3xl text-stone-700">{tp("deliveryPage.intro")}</p>
      <Form method="post" className="mt-6 space-y-6">
        <FormError message={errors.zones} />
        {shownZones(loaderData.zones, actionData?.values).map((zone, i) => (
          <ZoneFields key={zone.id} zone={zone} errors={errors} index={i} />
        ))}
        <Button type="submit" size="lg">
          {tp("deliveryPage.save")}
        </Button>
      </Form>
    </PanelSection>
  );
}

type Errors = Record<string, Said | undefined>;

function ZoneFields({ zone, errors, index }: { zone: ZoneShown; errors: Errors; index: number }) {
  const { t, language } = useT();
  const { t: tp } = usePageT();
  const bangla = language === "bn";
  const own = (field: string) => errors[`zones.${index}.${field}`];
  return (
    <fieldset className="rounded-xl border border-wood-100 bg-white p-5" data-testid={`zone-${zone.id}`}>
      <legend className="px-1 text-lg font-bold text-wood-900">{t(`zones.${zone.id}`)}</legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={tp("deliveryPage.firstKg")}
          id={`${zone.id}-firstKg`}
          name={`${zone.id}.firstKg`}
          type="number"
          step="0.01"
          min={0}
          defaultValue={zone.firstKg}
          error={own("firstKg")}
        />
        <Field
          label={tp("deliveryPage.perKg")}
          id={`${zone.id}-perKg`}
          name={`${zone.id}.perKg`}
          type="number"
          step="0.01"
          min={0}
          defaultValue={zone.perKg}
          error={own("perKg")}
        />
        <Field
          label={tp("deliveryPage.freeAbove")}
          id={`${zone.id}-freeAbove`}
          name={`${zone.id}.freeAbove`}
          type="number"
          step="0.01"
          min={1}
          defaultValue={zone.freeAbove ?? ""}
          error={own("freeAbove")}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-6 text-stone-800">
        <label className="flex items-center gap-2">
          <input type="checkbox" name={`${zone.id}.codAvailable`} defaultChecked={zone.codAvailable} />
          {tp("deliveryPage.codAvailable")}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name={`${zone.id}.advance`} defaultChecked={zone.advanceDeliveryCharge} />
          {tp("deliveryPage.advance")}
        </label>
      </div>
      <h3 className="mt-4 text-sm font-semibold text-stone-700">{tp("deliveryPage.districts")}</h3>
      {zone.id === FALLBACK_ZONE ? (
        <p className="mt-1 text-sm text-stone-600">{tp("deliveryPage.everywhereElse")}</p>
      ) : (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {DIVISIONS.map((division) => {
            const ticked = division.districts.filter(([name]) => zone.districts.includes(name)).length;
            return (
              <details key={division.name} open={ticked > 0} className="rounded-md border border-stone-200 p-2">
                <summary className="cursor-pointer text-sm font-semibold text-stone-800">
                  {bangla ? division.bn : division.name} ({formatCount(ticked, language)})
                </summary>
                <div className="mt-2 grid grid-cols-2 gap-1 text-sm">
                  {division.districts.map(([name, bn]) => (
                    <label key={name} className="flex items-center gap-1.5">
                      <input
                        type="checkbox"
                        name={`${zone.id}.district`}
                        value={name}
                        defaultChecked={zone.districts.includes(name)}
                      />
                      {bangla ? bn : name}
                    </label>
                  ))}
                </div>
              </details>
            );
          })}
        </div>
      )}
      <FormError message={own("districts")} />
    </fieldset>
  );
}
