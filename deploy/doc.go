// Package deploy holds no code: its directory is the deployment of docs/scale-out.md, a
// container image definition (Dockerfile) and Kubernetes manifests (kubernetes/), and its test
// checks them without Docker or a cluster: the YAML is well formed, the image builds the
// commands the manifests run, every flag they pass exists in that command's --help, and the
// ports, names, labels and secrets agree with each other.
package deploy
