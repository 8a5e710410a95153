// The package's index loads every store it supports (MongoDB, MySQL, Prisma, DynamoDB...), about
// 9 MB of a copy's memory; the app loads the two limiters it uses, and their answer, from their
// own files. Each file exports its class as the module.
declare module "rate-limiter-flexible/lib/RateLimiterMemory" {
  import { RateLimiterMemory } from "rate-limiter-flexible";
  export = RateLimiterMemory;
}
declare module "rate-limiter-flexible/lib/RateLimiterRedis" {
  import { RateLimiterRedis } from "rate-limiter-flexible";
  export = RateLimiterRedis;
}
declare module "rate-limiter-flexible/lib/RateLimiterRes" {
  import { RateLimiterRes } from "rate-limiter-flexible";
  export = RateLimiterRes;
}
