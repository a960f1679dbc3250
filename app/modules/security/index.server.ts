// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Forgetting old counters (hourly).
export { securityJobs } from "./jobs.server";
// Attempt counters and seat budgets.
export { consumeRateLimit, consumeRateLimits, type LimitedClient, type RateLimitRule, spendBudget } from "./rate-limit.server";
