// Command fadj is an automatic differentiation tool for Fortran.
// See the README and docs/ for its commands.
package main

import (
	"os"

	"github.com/fadj-dev/fadj/generator/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
