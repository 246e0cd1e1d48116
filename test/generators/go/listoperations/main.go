// Command listoperations loads the OpenAPI 3.0 edition of the contract with kin-openapi (the
// library most Go generators and validators build on), validates it, including every example
// against its schema, and lists its operations as JSON on standard output:
//
//	{"openapi": "3.0.3", "count": <operations>, "operations": [{"method": "GET", "path": "/v1/healthcheck", "operationId": "healthcheck"}, ...]}
//
// With -expect N it also fails when the count differs. Built in GOPATH mode against Debian's
// golang-github-getkin-kin-openapi-dev; it downloads nothing.
//
// kin-openapi accepts null only where `nullable` sits on the schema itself, while the 3.0 edition
// writes "string or object or null" the way OpenAPI 3.0.3 defines it, with `nullable` on the union
// member that has a type. Before validating, the program lifts such a member's `nullable` onto its
// union, as a Go consumer of the edition should, and reports how many unions it lifted.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

type operation struct {
	Method      string `json:"method"`
	Path        string `json:"path"`
	OperationID string `json:"operationId"`
}

func main() {
	expect := flag.Int("expect", -1, "fail unless the document has exactly this many operations")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: listoperations [-expect N] generated/openapi-3.0.json")
		os.Exit(2)
	}
	// The step schemas nest each other (a workflow's steps are any step, a workflow among them).
	// kin-openapi 0.110 reports "circular schema reference not handled" once it has followed one
	// cycle 3 times while resolving; the steps union needs 4 (found by trying). 10 leaves room, and
	// resolving still stops at each cycle.
	openapi3.CircularReferenceCounter = 10
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(flag.Arg(0))
	if err != nil {
		fail("load %s: %v", flag.Arg(0), err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.0.") {
		fail("%s is OpenAPI %s; kin-openapi reads 3.0.x: give it the 3.0 edition", flag.Arg(0), doc.OpenAPI)
	}
	lifted := liftNullableUnions(doc)
	// Validate checks the document's structure, that every $ref resolves, that operationIds are
	// unique, and that every example and default matches its schema.
	if err := doc.Validate(context.Background()); err != nil {
		fail("validate %s: %v", flag.Arg(0), err)
	}

	operations := []operation{}
	for path, item := range doc.Paths {
		for method, op := range item.Operations() {
			if op.OperationID == "" {
				fail("%s %s has no operationId", method, path)
			}
			operations = append(operations, operation{Method: method, Path: path, OperationID: op.OperationID})
		}
	}
	sort.Slice(operations, func(i, j int) bool { return operations[i].OperationID < operations[j].OperationID })
	if *expect >= 0 && len(operations) != *expect {
		fail("%d operations, expected %d", len(operations), *expect)
	}
	out, err := json.Marshal(map[string]any{"openapi": doc.OpenAPI, "count": len(operations), "liftedNullableUnions": lifted, "operations": operations})
	if err != nil {
		fail("encode: %v", err)
	}
	fmt.Println(string(out))
}

// liftNullableUnions marks every anyOf/oneOf nullable when one of its members is, and returns
// how many it marked.
func liftNullableUnions(doc *openapi3.T) int {
	seen := map[*openapi3.Schema]bool{}
	lifted := 0
	var visit func(ref *openapi3.SchemaRef)
	visit = func(ref *openapi3.SchemaRef) {
		if ref == nil || ref.Value == nil || seen[ref.Value] {
			return
		}
		schema := ref.Value
		seen[schema] = true
		for _, union := range []openapi3.SchemaRefs{schema.AnyOf, schema.OneOf} {
			for _, member := range union {
				if member.Value != nil && member.Value.Nullable && !schema.Nullable {
					schema.Nullable = true
					lifted++
				}
			}
		}
		for _, list := range []openapi3.SchemaRefs{schema.AnyOf, schema.OneOf, schema.AllOf} {
			for _, member := range list {
				visit(member)
			}
		}
		for _, property := range schema.Properties {
			visit(property)
		}
		visit(schema.Items)
		visit(schema.Not)
		visit(schema.AdditionalProperties)
	}
	for _, ref := range doc.Components.Schemas {
		visit(ref)
	}
	for _, item := range doc.Paths {
		for _, op := range item.Operations() {
			for _, parameter := range append(item.Parameters, op.Parameters...) {
				if parameter.Value != nil {
					visit(parameter.Value.Schema)
				}
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				for _, media := range op.RequestBody.Value.Content {
					visit(media.Schema)
				}
			}
			for _, response := range op.Responses {
				if response.Value != nil {
					for _, media := range response.Value.Content {
						visit(media.Schema)
					}
				}
			}
		}
	}
	return lifted
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "listoperations: "+format+"\n", args...)
	os.Exit(1)
}
