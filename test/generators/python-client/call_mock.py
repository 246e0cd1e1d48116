"""What a Python team writes first with the client openapi-python-client generates from the 3.1
bundle, checked by `mypy --strict` and run against the contract's mock (its address is the one
argument): the health check, one project read and one created with only its name, a paginated
listing read page after page, an upload, and a refused request that comes back as the
service's 422 with its details decoded. Prints one line per call; exits 1 at the first surprise."""

import io
import sys
from http import HTTPStatus
from uuid import UUID

from service_api_client import AuthenticatedClient, Client
from service_api_client.api.health import healthcheck
from service_api_client.api.projects import create_project, get_project, get_projects_paginated, upload_file
from service_api_client.api.users import generate_signup_link
from service_api_client.models import (
    GetProjectsPaginatedResponse,
    HealthcheckResponse,
    HTTPValidationError,
    ProjectCollectionParams,
    ProjectCreate,
    ProjectCreateResponse,
    ProjectDB,
    ProjectFileUploadForm,
)
from service_api_client.types import File, Unset

PROJECT_ID = UUID("3fa85f64-5717-4562-b3fc-2c963f66afa6")


def fail(message: str) -> None:
    print(message, file=sys.stderr)
    sys.exit(1)


def main(mock_url: str) -> None:
    public = Client(base_url=mock_url)
    client = AuthenticatedClient(base_url=mock_url, token="generator-check-key", prefix="", auth_header_name="Service-API-Key")

    health = healthcheck.sync_detailed(client=public)
    if health.status_code != HTTPStatus.OK or not isinstance(health.parsed, HealthcheckResponse):
        fail(f"healthcheck: {health.status_code} {health.content!r}")
        return
    print(f"healthcheck: {health.parsed.version}")

    project = get_project.sync_detailed(PROJECT_ID, client=client)
    if not isinstance(project.parsed, ProjectDB):
        fail(f"getProject: {project.status_code} {project.content!r}")
        return
    print(f"getProject: {project.parsed.id} created {project.parsed.created_at.isoformat()}")

    created = create_project.sync_detailed(client=client, body=ProjectCreate(name="support-bot-eval"))
    if not isinstance(created.parsed, ProjectCreateResponse):
        fail(f"createProject: {created.status_code} {created.content!r}")
        return
    print(f"createProject: {created.parsed.id}")

    pages = 0
    projects = 0
    token: int | None = 0
    while token is not None:
        page = get_projects_paginated.sync_detailed(client=client, body=ProjectCollectionParams(), starting_token=token, limit=10)
        if not isinstance(page.parsed, GetProjectsPaginatedResponse):
            fail(f"getProjectsPaginated page {pages + 1}: {page.status_code} {page.content!r}")
            return
        pages += 1
        projects += len(page.parsed.projects)
        following = page.parsed.next_starting_token
        token = None if isinstance(following, Unset) else following
        if pages == 100:
            fail("getProjectsPaginated: still a next page after 100 pages")
    print(f"getProjectsPaginated: {projects} projects in {pages} pages")

    form = ProjectFileUploadForm(
        file=File(payload=io.BytesIO(b"input,output\nhello,world\n"), file_name="data.csv", mime_type="text/csv"),
        upload_metadata="from the Python check",
    )
    uploaded = upload_file.sync_detailed(PROJECT_ID, client=client, body=form)
    if uploaded.status_code != HTTPStatus.OK:
        fail(f"uploadFile: {uploaded.status_code} {uploaded.content!r}")
    print(f"uploadFile: {uploaded.status_code.value}")

    refused = generate_signup_link.sync_detailed(client=client, user_email="not-an-email-address")
    if refused.status_code != HTTPStatus.UNPROCESSABLE_ENTITY or not isinstance(refused.parsed, HTTPValidationError):
        fail(f"generateSignupLink with a bad email: {refused.status_code} {refused.content!r}")
        return
    details = refused.parsed.detail
    if isinstance(details, Unset) or not details:
        fail(f"generateSignupLink with a bad email: no detail in {refused.content!r}")
        return
    print(f"generateSignupLink refused: {refused.status_code.value}, {len(details)} detail(s), first at {details[0].loc}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        fail("usage: call_mock.py <mock URL>")
    main(sys.argv[1])
