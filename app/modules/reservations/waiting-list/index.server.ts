// The waiting list's door for server code, re-exported by the reservations module's index.server.ts (outside code imports that one).
export { joinWaitingList, type JoinOutcome } from "./join-waiting-list.server";
export { offerManually, type OfferManuallyOutcome } from "./offer-manually.server";
export { type ClaimOutcome, claimOffer, type EntryView, type LeaveOutcome, leaveWaitingList, showWaitingListLink } from "./waiting-list-links.server";
export { listWaitingList, type OfferSettings, processWaitingLists, type WaitingListLine } from "./waiting-list.server";
