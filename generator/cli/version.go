package cli

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version, if set at link time (-ldflags "-X .../cli.Version=v1.2.3"),
// is fadj's version; otherwise the module version from the build info
// (v1.2.3 for go install ...@v1.2.3, "devel" for a build in a checkout).
var Version = ""

var versionCommand = &command{
	name:  "version",
	short: "print fadj's version and the revision it was built from",
	usage: "version",
}

func init() { versionCommand.run = runVersion }

func runVersion(e *env, args []string) int {
	fs := newFlagSet(e, versionCommand)
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(e.stderr, "usage: fadj %s\n", versionCommand.usage)
		return ExitUsage
	}
	bi, _ := debug.ReadBuildInfo()
	fmt.Fprintln(e.stdout, versionLine(bi))
	return ExitOK
}

// versionLine says which fadj this is: its module version and, when the
// build recorded them (go build in a git checkout), the VCS revision,
// its commit time and whether the tree had local changes:
//
//	fadj devel (revision 736ac81b..., 2025-11-26T12:39:00Z, modified; go1.26.0)
//	fadj v1.2.0 (go1.26.0)
func versionLine(bi *debug.BuildInfo) string {
	v := Version
	var parts []string
	if bi != nil {
		if v == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		set := map[string]string{}
		for _, s := range bi.Settings {
			set[s.Key] = s.Value
		}
		if rev := set["vcs.revision"]; rev != "" {
			r := "revision " + rev
			if t := set["vcs.time"]; t != "" {
				r += ", " + t
			}
			if set["vcs.modified"] == "true" {
				r += ", modified"
			}
			parts = append(parts, r)
		}
		if bi.GoVersion != "" {
			parts = append(parts, bi.GoVersion)
		}
	}
	if v == "" {
		v = "devel"
	}
	if len(parts) == 0 {
		return "fadj " + v
	}
	return fmt.Sprintf("fadj %s (%s)", v, strings.Join(parts, "; "))
}
