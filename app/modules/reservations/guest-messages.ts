/**
 * What guests read when they cancel, wait for seats or claim an offer (the pages and the use cases
 * share these). Safe for the browser.
 */
export const guestMessages = {
  linkInvalid: "This link is not valid. Please use the latest link from your e-mail.",
  linkUsed: "This link has already been used. The e-mail it brought you has the latest state of your seats.",
  linkExpired: "This link has expired.",
  reservationGone: "This reservation has already been cancelled.",
  eventStarted: "This event has already started, so the reservation can no longer be changed here.",
  cancelSeats: "Please choose how many seats to cancel.",
  couldNotCancel: "Could not cancel the reservation. Please try again.",
  waitingListNotNeeded: "There are still enough seats for your group: please reserve them directly.",
  alreadyWaiting: "This e-mail address is already on the waiting list for this event.",
  couldNotJoin: "Could not add you to the waiting list. Please try again.",
  offerGone: "This offer is no longer open: it expired, was declined or was already claimed.",
  couldNotClaim: "Could not claim the seats. Please try again.",
  entryGone: "You are no longer on this waiting list.",
} as const;

export type TokenFailureReason = "invalid" | "used" | "expired";

export const tokenFailureMessage: Record<TokenFailureReason, string> = {
  invalid: guestMessages.linkInvalid,
  used: guestMessages.linkUsed,
  expired: guestMessages.linkExpired,
};
