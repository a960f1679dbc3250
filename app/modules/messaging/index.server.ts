// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Bounce reports' lookups: the e-mails among ids, by provider id, a message's campaign.
export { campaignOfMessage, emailByProviderId, type EmailOwner, emailsByIds } from "./bounce-lookups.server";
// A campaign's messages: cancelling them, their send times (a subquery), how many each sent lately.
export { cancelCampaignMessages, messageSendTimes, sentLatelyByCampaign } from "./campaign-messages.server";
// The e-mail sender with its jobs (wake, every-minute sweep).
export { messagingJobs } from "./jobs.server";
// The mail transport (SMTP or the dev mailbox).
export { createMailTransport, mailGoesToMailbox, type MailTransport } from "./mail-transport.server";
// Messages by idempotency key: find, which are known, cancel.
export { cancelMessageByKey, knownMessageKeys, messageIdByKey } from "./message-by-key.server";
// A message's delivery, counts by status, the newest texts.
export { countMessagesByStatus, type MessageDelivery, messageDelivery, newestTexts } from "./message-status.server";
// This instance's sender.
export { createOutboxSender, type OutboxSender } from "./outbox-sender.server";
// Failure stages (the relay's ones).
export { RELAY_STAGES, type FailureStage } from "./delivery-errors";
// Due messages and failing transactional mail, for metrics and alerts.
export { dueMessages, type DueMessages, failingTransactionalEmails, type FailingTransactionalEmails, type FailureGroup } from "./outbox-stats.server";
// Waking the sender after a commit (the composition root makes the wake; scripts and tests pass noOutboxWake).
export { noOutboxWake, type OutboxWake } from "./outbox-wake.server";
// The outbox: queueing, cancelling (a message, or every bulk e-mail to an address), holding, releasing, texts and delivery reports.
export { cancelBulkMailTo, cancelMessages, getOutboxMessage, holdCampaignMessages, insertText, listEmails, type MessagePriority, priorityRank, type QueuedEmail, queueEmail, queueEmailBatch, queueEmailBatchToRender, queueEmailToRender, type QueueResult, recordDeliveryReport, recordRefusedText, releaseFailedMessages, releaseHeldCampaignMessages } from "./outbox.server";
export { type DeliveryRenderer, type RenderedEmail, type RenderOutcome } from "./render-at-delivery.server";
// Rendering an e-mail template.
export { renderEmail } from "./render-email.server";
// Queueing one e-mail and waking the sender.
export { sendEmail } from "./send-email.server";
// A transport's shape.
export { type Transport } from "./transports.server";
