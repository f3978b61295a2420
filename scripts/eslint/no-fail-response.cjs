// One failure style on the server (issue #40): a handler, guard or hook refuses with `throw new ApiFailure(…)`, which the
// app's error handler (failureResponse in server/core/errors.ts) maps to the envelope once; never `return c.json(fail(…))`.
// eslint.config.mjs applies it to server/ (tests aside); server/__tests__/failure-style.test.ts proves it fires.

/** The only files that still answer c.json(fail(…)): the mapping itself, and 通告's routes until they move onto the resource engine. */
const FAIL_RESPONSE_ALLOWED = ['server/core/errors.ts'];

const message = 'Throw new ApiFailure(message, code, httpStatus, result) instead of answering c.json(fail(…)) (server/core/errors.ts).';

/** `no-restricted-syntax` entries: fail(…) as the argument of a .json(…) call, directly or as a branch of a conditional. */
const NO_FAIL_RESPONSE = [
  { selector: "CallExpression[callee.property.name='json'] > CallExpression[callee.name='fail']", message },
  { selector: "CallExpression[callee.property.name='json'] > ConditionalExpression > CallExpression[callee.name='fail']", message },
];

module.exports = { FAIL_RESPONSE_ALLOWED, NO_FAIL_RESPONSE };
