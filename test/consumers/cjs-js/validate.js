const { createServiceClient } = require("service-api");
const { validateResponses, ResponseValidationError } = require("service-api/validate");
const { report, validateAnswers } = require("./checks.cjs");

report(validateAnswers({ createServiceClient }, { validateResponses, ResponseValidationError }));
