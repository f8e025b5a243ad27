export default ({ env }: { env: import('@platform/core').EnvFn }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  // shared by every node of the app: cache generations and answers, messages between nodes
  redis: env('REDIS_URL'),
});
