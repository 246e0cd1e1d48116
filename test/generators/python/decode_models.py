"""Decodes JSON values into the Python models openapi-generator 4.3.1 (python-experimental) made
from the 3.0 edition, and reports, for each value, whether it decoded and which model classes it
decoded into where (JSON pointer -> class names), so the test can check that every tagged union
became the member its tag names.

Usage: decode_models.py <folder holding the generated package svcmodels> <cases.json>, a list of
{label, wrapper, value}, where wrapper names a generated model class.
"""
import importlib
import json
import re
import sys


def module_name(class_name):
    # The generator names a model's file after its schema in snake case (Decode0001: decode0001).
    return re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).lower()


def pointer(path, key):
    return path + "/" + str(key).replace("~", "~0").replace("/", "~1")


def walk(value, path, found, model_utils):
    if isinstance(value, model_utils.ModelSimple):  # an enum: a value, no properties
        found.setdefault(path, []).append(type(value).__name__)
    elif isinstance(value, model_utils.OpenApiModel):
        found.setdefault(path, []).append(type(value).__name__)
        instances = [value]
        if isinstance(value, model_utils.ModelComposed):
            instances += list(value._composed_instances)
            for composed in value._composed_instances:
                found.setdefault(path, []).append(type(composed).__name__)
        seen = set()
        for instance in instances:
            json_names = getattr(instance, "attribute_map", {})
            for name, child in instance._data_store.items():
                key = json_names.get(name, name)
                if key in seen:
                    continue
                seen.add(key)
                walk(child, pointer(path, key), found, model_utils)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            walk(child, pointer(path, index), found, model_utils)
    elif isinstance(value, dict):
        for key, child in value.items():
            walk(child, pointer(path, key), found, model_utils)


def mend(model_utils):
    """Three defects of the runtime this generator version writes (model_utils.py), mended in
    place, each of which would refuse valid JSON; they are not in what the spec says:
    - a JSON integer is refused where the schema says `number` (float): (int, float) is missing
      from the conversions it allows;
    - a schema that allows any JSON value is typed `object`, which its own type check calls
      "Unsupported type": such a value is taken as it is;
    - length and range checks run on null, so a nullable string with a minLength refuses null.
    """
    model_utils.UPCONVERSION_TYPE_PAIRS += ((int, float),)
    validate_and_convert_types = model_utils.validate_and_convert_types
    check_validations = model_utils.check_validations

    def any_value_as_is(input_value, required_types_mixed, *args, **kwargs):
        if object in required_types_mixed:
            return input_value
        return validate_and_convert_types(input_value, required_types_mixed, *args, **kwargs)

    def skip_null(validations, input_variable_path, input_values):
        if input_values is not None:
            check_validations(validations, input_variable_path, input_values)

    model_utils.validate_and_convert_types = any_value_as_is
    model_utils.check_validations = skip_null


def main():
    sys.path.insert(0, sys.argv[1])
    model_utils = importlib.import_module("svcmodels.model_utils")
    mend(model_utils)
    configuration = importlib.import_module("svcmodels.configuration").Configuration()
    results = []
    with open(sys.argv[2]) as cases:
        cases = json.load(cases)
    for case in cases:
        result = {"label": case["label"], "models": {}}
        try:
            model = getattr(importlib.import_module("svcmodels.models." + module_name(case["wrapper"])), case["wrapper"])
            # What the generated client does with a response body: from_server=True (JSON
            # names), with type checking on.
            decoded = model_utils.validate_and_convert_types(case["value"], (model,), ["received_data"], True, True, configuration=configuration)
            walk(decoded, "", result["models"], model_utils)
        except Exception as error:  # every failure is reported with its case, not raised
            result["error"] = "%s: %s" % (type(error).__name__, error)
        results.append(result)
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
