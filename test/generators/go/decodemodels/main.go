// Decodes JSON values into the Go models openapi-generator 4.3.1 (go-experimental) made from the
// 3.0 edition, and reports, for each value, whether it decoded and which model types it decoded
// into where (JSON pointer → type names), so the test can check that every tagged union became
// the member its tag names. Built in GOPATH mode beside the generated package `models` and a
// generated registry.go (the wrapper types, by name). Usage: decodemodels <cases.json>, a list of
// {label, wrapper, value}.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
)

type decodeCase struct {
	Label   string          `json:"label"`
	Wrapper string          `json:"wrapper"`
	Value   json.RawMessage `json:"value"`
}

type result struct {
	Label  string              `json:"label"`
	Error  string              `json:"error,omitempty"`
	Models map[string][]string `json:"models"`
}

func pointer(path, key string) string {
	return path + "/" + strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

// walk records the named struct types met in v, by JSON pointer. A oneOf wrapper (one field, an
// interface, named ...Interface) and a Nullable* holder are looked through at the same place.
func walk(v reflect.Value, path string, found map[string][]string) {
	switch v.Kind() {
	case reflect.Ptr, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), path, found)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), path+"/"+strconv.Itoa(i), found)
		}
	case reflect.Map:
		for _, key := range v.MapKeys() {
			walk(v.MapIndex(key), pointer(path, fmt.Sprint(key.Interface())), found)
		}
	case reflect.Struct:
		t := v.Type()
		if strings.HasPrefix(t.Name(), "Nullable") {
			holder := reflect.New(t)
			holder.Elem().Set(v)
			if get := holder.MethodByName("Get"); get.IsValid() {
				walk(get.Call(nil)[0], path, found)
			}
			return
		}
		found[path] = append(found[path], t.Name())
		for i := 0; i < t.NumField(); i++ {
			field := t.Field(i)
			if !field.IsExported() {
				continue
			}
			if field.Type.Kind() == reflect.Interface && strings.HasSuffix(field.Name, "Interface") {
				walk(v.Field(i), path, found)
				continue
			}
			name := strings.Split(field.Tag.Get("json"), ",")[0]
			if name == "" || name == "-" {
				continue
			}
			walk(v.Field(i), pointer(path, name), found)
		}
	}
}

func main() {
	var cases []decodeCase
	input, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = json.Unmarshal(input, &cases)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "reading the cases:", err)
		os.Exit(2)
	}
	results := make([]result, 0, len(cases))
	for _, c := range cases {
		r := result{Label: c.Label, Models: map[string][]string{}}
		if newTarget, known := registry[c.Wrapper]; !known {
			r.Error = "no generated type " + c.Wrapper
		} else {
			target := newTarget()
			if err := json.Unmarshal(c.Value, target); err != nil {
				r.Error = err.Error()
			} else {
				walk(reflect.ValueOf(target), "", r.Models)
			}
		}
		results = append(results, r)
	}
	out := json.NewEncoder(os.Stdout)
	if err := out.Encode(results); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
