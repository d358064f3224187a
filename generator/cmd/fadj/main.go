// Command fadj is an automatic differentiation tool for Fortran.
// See the README and docs/ for its commands.
package main

import (
	"os"
	"runtime/debug"

	"github.com/fadj-dev/fadj/generator/cli"
)

// GCPercent is the garbage collector setting fadj runs with.
const GCPercent = 400

func main() {
	// fadj is a batch tool whose heap is mostly the syntax trees and
	// semantic maps it keeps to the end: collecting four times less often
	// makes the front end about a quarter faster (BenchmarkFrontEnd/gogc=400)
	// for a modest rise in peak memory. GOGC set by the user wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
