// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { campaignOfMessage, emailByProviderId, type EmailOwner, emailsByIds } from "./bounce-lookups.server";
export { cancelCampaignMessages, messageSendTimes, sentLatelyByCampaign } from "./campaign-messages.server";
export { messagingJobs } from "./jobs.server";
export { createMailTransport, type MailTransport } from "./mail-transport.server";
export { registerMailboxMode } from "./mailbox-mode.server";
export { cancelMessageByKey, knownMessageKeys, messageIdByKey } from "./message-by-key.server";
export { countMessagesByStatus, type MessageDelivery, messageDelivery, newestTexts } from "./message-status.server";
export { createOutboxSender, type OutboxSender } from "./outbox-sender.server";
export { RELAY_STAGES, type FailureStage } from "./delivery-errors";
export { dueMessages, type DueMessages, failingTransactionalEmails, type FailingTransactionalEmails, type FailureGroup } from "./outbox-stats.server";
export { registerOutboxWake, wakeOutbox } from "./outbox-wake.server";
export { cancelMessages, getOutboxMessage, holdCampaignMessages, insertText, listEmails, type MessagePriority, priorityRank, type QueuedEmail, queueEmail, queueEmailBatch, queueEmailBatchToRender, queueEmailToRender, type QueueResult, recordDeliveryReport, recordRefusedText, releaseFailedMessages, releaseHeldCampaignMessages } from "./outbox.server";
export { type DeliveryRenderer, type RenderedEmail, type RenderOutcome } from "./render-at-delivery.server";
export { renderEmail } from "./render-email.server";
export { sendEmail } from "./send-email.server";
export { type Transport } from "./transports.server";
