package config

import _ "embed"

// SchemaV1 is the JSON Schema (draft 2020-12) of a version 1 spec, for
// editors and other tools. Parse checks more than the schema can say
// (names, paths, duplicates, combinations of keys); the tests keep the two
// in step.
//
//go:embed schema/spec-v1.json
var SchemaV1 []byte
