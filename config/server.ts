export default ({ env }: { env: import('@platform/core').EnvFn }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
});
