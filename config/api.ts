export default {
  rest: {
    prefix: '/api',
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
    // the most entries one answer may hold, populated ones included (counted once per place they appear)
    maxPopulatedEntries: 20000,
    // about how large the JSON of the populated entries may be, estimated before it is built
    maxResponseBytes: 32 * 1024 * 1024,
  },
};
