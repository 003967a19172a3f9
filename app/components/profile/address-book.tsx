import { Form } from "react-router";
import type { Message } from "@shared/messages";
import type { Delivery } from "@shared/schemas/delivery";
import { DeliveryFields } from "~/components/payment/delivery-fields";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/use-t";
import type { ActionResult } from "~/lib/use-action-toast";

export interface AddressView {
  id: string;
  delivery: Delivery;
  isDefault: boolean;
}

/** The refusal's messages for one form of the book (`delivery.phone` → `phone`), when that form was the one sent. */
function refusalFor(answer: ActionResult | undefined, intent: string, addressId?: string) {
  if (answer?.values?.intent !== intent || (addressId && answer.values.addressId !== addressId)) return undefined;
  const errors: Record<string, Message> = {};
  for (const [field, said] of Object.entries(answer.errors ?? {})) errors[field.replace(/^delivery\./, "")] = said;
  return { errors, values: answer.values };
}

/**
 * My Profile's address book: the saved delivery addresses (at most 10), the default first; each can be edited,
 * removed or made the default, and a new one added. Checkout offers them. Plain forms: with or without JavaScript.
 */
export function AddressBook({ addresses, answer }: { addresses: AddressView[]; answer: ActionResult | undefined }) {
  const { t } = useT();
  const adding = refusalFor(answer, "address-add");
  return (
    <div className="mt-4 space-y-4">
      {addresses.length === 0 ? <p className="text-stone-600">{t("addresses.none")}</p> : null}
      <ul className="space-y-3" data-testid="address-book">
        {addresses.map((a) => {
          const editing = refusalFor(answer, "address-save", a.id);
          return (
            <li key={a.id} className="rounded-md border border-stone-200 p-3 text-sm text-stone-700">
              <p>
                <span className="font-semibold text-wood-900">{a.delivery.name}</span> · {a.delivery.phone}
                {a.isDefault ? (
                  <span className="ml-2 rounded bg-forest-100 px-1.5 py-0.5 text-xs font-semibold text-forest-800">
                    {t("addresses.isDefault")}
                  </span>
                ) : null}
              </p>
              <p>
                {a.delivery.address}, {a.delivery.district}, {a.delivery.division}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {a.isDefault ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="address-default" />
                    <input type="hidden" name="addressId" value={a.id} />
                    <Button type="submit" variant="secondary" size="sm">
                      {t("addresses.makeDefault")}
                    </Button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="address-remove" />
                  <input type="hidden" name="addressId" value={a.id} />
                  <Button type="submit" variant="danger" size="sm">
                    {t("addresses.remove")}
                  </Button>
                </Form>
              </div>
              <details className="mt-2" open={Boolean(editing)}>
                <summary className="cursor-pointer font-semibold text-forest-700">{t("addresses.edit")}</summary>
                <Form method="post" className="mt-3 space-y-3">
                  <input type="hidden" name="intent" value="address-save" />
                  <input type="hidden" name="addressId" value={a.id} />
                  <DeliveryFields
                    initial={editing?.values ?? a.delivery}
                    errors={editing?.errors ?? {}}
                    idPrefix={a.id}
                  />
                  <Button type="submit" size="md">
                    {t("addresses.save")}
                  </Button>
                </Form>
              </details>
            </li>
          );
        })}
      </ul>
      {addresses.length < 10 ? (
        <details className="rounded-md border border-stone-200 p-3" open={Boolean(adding)}>
          <summary className="cursor-pointer font-semibold text-forest-700">{t("addresses.add")}</summary>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="address-add" />
            <DeliveryFields initial={adding?.values ?? {}} errors={adding?.errors ?? {}} idPrefix="new-address" />
            <label className="flex items-center gap-2 text-sm text-stone-700">
              <input type="checkbox" name="isDefault" defaultChecked={adding?.values.isDefault === "on"} />
              {t("addresses.makeDefault")}
            </label>
            <Button type="submit" size="md">
              {t("addresses.save")}
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}
