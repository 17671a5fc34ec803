"""Imports a built assetc into a Bazel workspace as the tool the rules in defs.bzl run.

assetc is a Swift program: build it once (`swift build -c release --static-swift-stdlib`, so that a remote
worker needs nothing but libpng and libdeflate) and name it here. Nothing is downloaded.
"""

def _assetc_binary_impl(repository_ctx):
    path = repository_ctx.attr.path or repository_ctx.os.environ.get("ASSETC_BINARY", "")
    if not path:
        found = repository_ctx.which("assetc")
        if found == None:
            fail("assetc_binary: give path = \"/abs/path/to/assetc\", set ASSETC_BINARY (--repo_env=ASSETC_BINARY=...), or put assetc on PATH")
        path = str(found)
    if not path.startswith("/"):
        fail("assetc_binary: path must be absolute, not '%s'" % path)
    binary = repository_ctx.path(path)
    if not binary.exists:
        fail("assetc_binary: '%s' does not exist (build assetc first: swift build -c release)" % path)

    # A copy, not a link: the file is then an ordinary input whose digest the remote cache and remote
    # execution see, and rebuilding assetc elsewhere does not change it behind Bazel's back.
    repository_ctx.execute(["cp", "-f", str(binary), "assetc"])
    repository_ctx.execute(["chmod", "0755", "assetc"])
    repository_ctx.file("BUILD", 'exports_files(["assetc"], visibility = ["//visibility:public"])\n')

assetc_binary = repository_rule(
    implementation = _assetc_binary_impl,
    attrs = {
        "path": attr.string(doc = "Absolute path of a built assetc; default: $ASSETC_BINARY, then assetc on PATH."),
    },
    environ = ["ASSETC_BINARY"],
    local = True,
    doc = "Imports a built assetc as @<name>//:assetc.",
)
