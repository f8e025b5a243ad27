export default {
  rest: {
    prefix: '/api',
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
    // the most entries one answer may hold, populated ones included (counted once per place they appear)
    maxPopulatedEntries: 20000,
  },
};
