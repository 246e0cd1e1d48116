"""A first program with the service's own Python SDK, configured only by the environment its
README names (the console's address and an API key; python-sdk.test.ts says why the API's address
is set too): it creates a project under the name it is given (the SDK logs in first) and lists
the projects. Prints one line per step."""

import sys

from galileo.projects import create_project, list_projects


def main(name: str) -> None:
    created = create_project(name)
    print(f"created: {created.id} {created.name}")
    listed = list_projects()
    print(f"listed: {len(listed)} project(s)")
    found = [project for project in listed if project.id == created.id]
    print(f"found: {found[0].id} {found[0].name}" if found else f"not found: {created.id}")


if __name__ == "__main__":
    main(sys.argv[1])
