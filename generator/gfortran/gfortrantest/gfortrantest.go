// Package gfortrantest gives tests a gfortran or a clear reason why not.
package gfortrantest

import (
	"os"
	"testing"

	"github.com/fadj-dev/fadj/generator/gfortran"
)

// Require returns the path of gfortran. Without one the test is
// skipped, saying so; under CI (CI=true) or with FADJ_REQUIRE_GFORTRAN=1
// it fails instead, so that a missing compiler cannot hide a failure.
func Require(tb testing.TB) string {
	tb.Helper()
	p, err := gfortran.Find()
	if err == nil {
		return p
	}
	if os.Getenv("CI") == "true" || os.Getenv("FADJ_REQUIRE_GFORTRAN") == "1" {
		tb.Fatalf("this test needs gfortran: %v", err)
	}
	tb.Skipf("this test needs gfortran: %v", err)
	return ""
}
