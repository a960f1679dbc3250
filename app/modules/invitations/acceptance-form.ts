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
  /** The Terms and Privacy box (required). */
  terms: boolean;
  /** The texts box (optional). */
  texts: boolean;
}

/**
 * Reads the /invitation form (in the browser before sending, on the server without JavaScript).
 * 'Interested in all' stands for the five interests. Two boxes: the Terms (required) and texts
 * (optional); sending the form is the e-mail consent, as the line beside its button says
 * (docs/decisions/054; the spec's one box bundled all three).
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
    terms: form.get("termsAccepted") === "on",
    texts: form.get("smsConsent") === "on",
  };
}

/** The acceptInvitation payload of those values. */
export function acceptancePayload(values: AcceptanceFormValues) {
  const { terms, texts, communicationPreference, ...fields } = values;
  return {
    ...fields,
    communicationPreference: communicationPreference || undefined,
    smsConsent: texts,
    termsAccepted: terms,
    emailUpdates: true,
  };
}
