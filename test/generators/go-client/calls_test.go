// What a Go team writes first with the client oapi-codegen generates from the 3.0 edition, run
// against the contract's mock (its address in SERVICE_API_MOCK_URL): the health check, one
// project read and one created with only its name, a paginated listing read page after page, an
// upload, and a refused request that comes back as the service's 422 with its details decoded.
package servicecheck_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"os"
	"testing"

	"example.com/servicecheck/serviceapi"
	openapi_types "github.com/oapi-codegen/runtime/types"
)

const projectID = "3fa85f64-5717-4562-b3fc-2c963f66afa6"

func newClient(t *testing.T) *serviceapi.ClientWithResponses {
	t.Helper()
	mock := os.Getenv("SERVICE_API_MOCK_URL")
	if mock == "" {
		t.Fatal("SERVICE_API_MOCK_URL is not set: start the mock (npm run mock) and pass its address")
	}
	withKey := serviceapi.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Service-API-Key", "generator-check-key")
		return nil
	})
	client, err := serviceapi.NewClientWithResponses(mock, withKey)
	if err != nil {
		t.Fatal(err)
	}
	return client
}

func TestHealthcheck(t *testing.T) {
	answer, err := newClient(t).HealthcheckWithResponse(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if answer.StatusCode() != http.StatusOK || answer.JSON200 == nil {
		t.Fatalf("healthcheck: status %d, body %s", answer.StatusCode(), answer.Body)
	}
	if answer.JSON200.Version == "" {
		t.Fatalf("healthcheck: no version in %s", answer.Body)
	}
}

func TestGetProject(t *testing.T) {
	answer, err := newClient(t).GetProjectWithResponse(context.Background(), openapi_types.UUID(mustUUID(t, projectID)))
	if err != nil {
		t.Fatal(err)
	}
	if answer.StatusCode() != http.StatusOK || answer.JSON200 == nil {
		t.Fatalf("getProject: status %d, body %s", answer.StatusCode(), answer.Body)
	}
	if answer.JSON200.Id.String() == "" || answer.JSON200.CreatedAt.IsZero() {
		t.Fatalf("getProject: id or created_at missing in %s", answer.Body)
	}
}

func TestCreateProjectWithOnlyItsName(t *testing.T) {
	answer, err := newClient(t).CreateProjectWithResponse(context.Background(), serviceapi.ProjectCreate{Name: "support-bot-eval"})
	if err != nil {
		t.Fatal(err)
	}
	if answer.StatusCode() != http.StatusOK || answer.JSON200 == nil {
		t.Fatalf("createProject: status %d, body %s", answer.StatusCode(), answer.Body)
	}
	if answer.JSON200.Id.String() == "" {
		t.Fatalf("createProject: no id in %s", answer.Body)
	}
}

func TestListProjectsPageAfterPage(t *testing.T) {
	client := newClient(t)
	limit := 10
	params := serviceapi.GetProjectsPaginatedParams{Limit: &limit}
	pages, projects := 0, 0
	for {
		answer, err := client.GetProjectsPaginatedWithResponse(context.Background(), &params, serviceapi.ProjectCollectionParams{})
		if err != nil {
			t.Fatal(err)
		}
		if answer.StatusCode() != http.StatusOK || answer.JSON200 == nil {
			t.Fatalf("getProjectsPaginated page %d: status %d, body %s", pages+1, answer.StatusCode(), answer.Body)
		}
		pages++
		projects += len(answer.JSON200.Projects)
		if answer.JSON200.NextStartingToken == nil {
			break
		}
		if pages == 100 {
			t.Fatal("getProjectsPaginated: still a next page after 100 pages")
		}
		params.StartingToken = answer.JSON200.NextStartingToken
	}
	if projects == 0 {
		t.Fatalf("getProjectsPaginated: %d pages and no project", pages)
	}
}

func TestUploadFile(t *testing.T) {
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	file, err := form.CreateFormFile("file", "data.csv")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := file.Write([]byte("input,output\nhello,world\n")); err != nil {
		t.Fatal(err)
	}
	if err := form.WriteField("upload_metadata", "from the Go check"); err != nil {
		t.Fatal(err)
	}
	if err := form.Close(); err != nil {
		t.Fatal(err)
	}
	answer, err := newClient(t).UploadFileWithBodyWithResponse(context.Background(), mustUUID(t, projectID), form.FormDataContentType(), &body)
	if err != nil {
		t.Fatal(err)
	}
	if answer.StatusCode() != http.StatusOK {
		t.Fatalf("uploadFile: status %d, body %s", answer.StatusCode(), answer.Body)
	}
}

func TestRefusedRequestIsThe422(t *testing.T) {
	params := serviceapi.GenerateSignupLinkParams{UserEmail: openapi_types.Email("not-an-email-address")}
	answer, err := newClient(t).GenerateSignupLinkWithResponse(context.Background(), &params)
	if err != nil {
		t.Fatal(err)
	}
	if answer.StatusCode() != http.StatusUnprocessableEntity || answer.JSON422 == nil {
		t.Fatalf("generateSignupLink with a bad email: status %d, body %s", answer.StatusCode(), answer.Body)
	}
	if answer.JSON422.Detail == nil || len(*answer.JSON422.Detail) == 0 {
		t.Fatalf("generateSignupLink with a bad email: no detail in %s", answer.Body)
	}
}

func mustUUID(t *testing.T, text string) openapi_types.UUID {
	t.Helper()
	var id openapi_types.UUID
	if err := id.UnmarshalText([]byte(text)); err != nil {
		t.Fatal(err)
	}
	return id
}
