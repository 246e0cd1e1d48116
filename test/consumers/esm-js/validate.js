import { createServiceClient } from "service-api";
import { validateResponses, ResponseValidationError } from "service-api/validate";
import { report, validateAnswers } from "./checks.cjs";

report(validateAnswers({ createServiceClient }, { validateResponses, ResponseValidationError }));
