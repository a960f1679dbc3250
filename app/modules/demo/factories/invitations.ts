import { newInvitationRid } from "#app/modules/invitations/index.server";
import type { AcceptanceInput } from "#app/modules/invitations";
import { invitationExpiry } from "#app/modules/invitations";
import { uniqueEmail } from "./community";

/**
 * Builders for invitation rows, shared by the demo seed and the tests. Each call gives a fresh rid
 * and e-mail unless passed; the expiry always follows from `sentAt`, as for a real invitation.
 */
export function buildInvitation(
  overrides: {
    rid?: string;
    email?: string;
    firstName?: string;
    lastName?: string;
    phone?: string;
    city?: string;
    state?: string;
    eventHistory?: readonly { name: string; date?: string }[];
    campaign?: string;
    sentAt?: Date;
    acceptedAt?: Date;
  } = {},
) {
  const sentAt = overrides.sentAt ?? new Date();
  return {
    rid: overrides.rid ?? newInvitationRid(),
    email: overrides.email ?? uniqueEmail("invitee"),
    firstName: overrides.firstName ?? "Ada",
    lastName: overrides.lastName ?? "Moreno",
    phone: overrides.phone ?? "+1 619 555 0100",
    city: overrides.city ?? "San Diego",
    state: overrides.state ?? "CA",
    eventHistory: [...(overrides.eventHistory ?? [{ name: "Sunset Piano Meditation", date: "2026-06-14" }])],
    campaign: overrides.campaign ?? "past_attendee_invitation",
    status: overrides.acceptedAt ? ("accepted" as const) : ("pending" as const),
    sentAt,
    acceptedAt: overrides.acceptedAt ?? null,
    expiresAt: invitationExpiry(sentAt),
  };
}

/** The member directory row an accepted invitation leaves behind. */
export function buildUserProfile(overrides: { email?: string; firstName?: string; lastName?: string; phone?: string; city?: string; state?: string; acceptedAt?: Date } = {}) {
  const acceptedAt = overrides.acceptedAt ?? new Date();
  return {
    email: overrides.email ?? uniqueEmail("member"),
    firstName: overrides.firstName ?? "Ada",
    lastName: overrides.lastName ?? "Moreno",
    phone: overrides.phone ?? "+1 619 555 0100",
    city: overrides.city ?? null,
    state: overrides.state ?? null,
    interests: ["Live piano meditation events"],
    communicationPreference: "important",
    discoveryMethod: "attended_event",
    emailUpdates: true,
    smsConsentAt: acceptedAt,
    termsAcceptedAt: acceptedAt,
  };
}

/**
 * A complete acceptance of an invitation, as the form posts it (all required fields, both
 * consents): the tests of the use case and of the endpoint start from it and change one field.
 */
export function buildAcceptance(invitation: { rid: string; email: string }, overrides: Partial<AcceptanceInput> = {}): AcceptanceInput {
  return {
    rid: invitation.rid,
    email: invitation.email,
    firstName: "Rosa",
    lastName: "Delgado",
    phone: "+1 619 555 0187",
    city: "San Diego",
    state: "CA",
    communicationPreference: "everything",
    discoveryMethod: "attended_event",
    interests: ["Live piano meditation events"],
    smsConsent: true,
    emailUpdates: true,
    termsAccepted: true,
    ...overrides,
  };
}
