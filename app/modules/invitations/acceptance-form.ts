import { invitationInterests } from "./invitation-messages";

/** The acceptance form's values as typed, to check them and to show them again after an error. */
export interface AcceptanceFormValues {
  rid: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  state: string;
  communicationPreference: string;
  discoveryMethod: string;
  interests: string[];
  consent: boolean;
}

/**
 * Reads the /invitation form (in the browser before sending, on the server without JavaScript).
 * 'Interested in all' stands for the five interests, and the one combined consent checkbox gives
 * SMS consent, terms acceptance and e-mail updates together, as the spec's form does.
 */
export function acceptanceFormValues(form: FormData): AcceptanceFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const chosen = form.getAll("interests").filter((value): value is string => typeof value === "string");
  return {
    rid: text("rid"),
    email: text("email"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    phone: text("phone"),
    city: text("city"),
    state: text("state"),
    communicationPreference: text("communicationPreference"),
    discoveryMethod: text("discoveryMethod"),
    interests: form.has("interestsAll") ? [...invitationInterests] : [...new Set(chosen)],
    consent: form.get("consent") === "on",
  };
}

/** The acceptInvitation payload of those values. */
export function acceptancePayload(values: AcceptanceFormValues) {
  const { consent, communicationPreference, ...fields } = values;
  return {
    ...fields,
    communicationPreference: communicationPreference || undefined,
    smsConsent: consent,
    termsAccepted: consent,
    emailUpdates: consent,
  };
}
