module example.com/heatmodel

go 1.26.8

tool github.com/fadj-dev/fadj/generator/cmd/fadj

require (
	github.com/bazelbuild/buildtools v0.0.0-20260904073137-eaa4d125b423 // indirect
	github.com/fadj-dev/fadj v0.0.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

// The fadj checkout this example lives in; a user's module requires a
// released version instead and drops the replace.
replace github.com/fadj-dev/fadj => ../..
