// Package heatmodel ships a Fortran heat model with its adjoint and
// tangent, which fadj generates from spec.yaml when you run
//
//	go generate ./...
//
// fadj is pinned by the tool directive in go.mod, so every developer
// and CI generates with the same version; `go tool fadj generate -check
// spec.yaml` fails when the checked-in files in ad/ are stale.
package heatmodel

import "embed"

//go:generate go tool fadj generate spec.yaml

// Sources holds the model and the generated derivative code, for a
// program that writes them out to compile them.
//
//go:embed fortran/*.f90 ad/*.f90
var Sources embed.FS
