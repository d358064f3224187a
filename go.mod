module github.com/fadj-dev/fadj

go 1.26.8

require github.com/rogpeppe/go-internal v1.16.0

require github.com/bazelbuild/buildtools v0.0.0-20260904073137-eaa4d125b423

require (
	golang.org/x/sys v0.26.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
	gopkg.in/yaml.v3 v3.0.1
)
