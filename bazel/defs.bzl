"""Bazel rules for asset catalogs, run by assetc (docs/BAZEL.md).

- assetc_catalog: `assetc compile` as one action: `<name>/` (Assets.car and the icon files),
  `<name>_partial.plist` and, for on-demand resources, `<name>_packs/<pack>.assetpack/` (each pack's car);
  optionally thinned for one device. Deterministic, so the remote cache hits whatever machine built it.
- assetc_audit_test: `assetc audit` as a test: the exit status is the result, the findings are the test log,
  and SARIF lands in the test's undeclared outputs.
- assetc_swift_accessors: `assetc generate swift`, a Swift file of typed accessors for a Swift target's srcs.

Bazel hands an action its inputs as symbolic links (the sandbox's and the runfiles' symlink forests), which
assetc would refuse as links out of the catalog root. Every rule therefore passes the files it declared with
`--declared-inputs`: assetc follows a link only when its own path is on that list (docs/RELIABILITY.md).
The rules need no sh_binary, no rules_cc and no download.
"""

_TOOL = attr.label(
    default = Label("@assetc_bin//:assetc"),
    executable = True,
    allow_single_file = True,
    cfg = "exec",
    doc = "The assetc binary (assetc_binary in repositories.bzl imports one).",
)

_SRCS = attr.label_list(
    allow_files = True,
    mandatory = True,
    doc = "The catalogs' files, e.g. glob([\"App/Assets.xcassets/**\"]); several catalogs and .icon bundles allowed.",
)

def _roots(files, short = False):
    """The catalog folders (`.xcassets`, `.icon`) the files belong to, in the order first seen: exec-root
    paths for actions, runfiles paths (short) for tests."""
    roots = []
    for file in files:
        parts = (file.short_path if short else file.path).split("/")
        for index, part in enumerate(parts):
            if part.endswith(".xcassets") or part.endswith(".icon"):
                root = "/".join(parts[:index + 1])
                if root not in roots:
                    roots.append(root)
                break
    if not roots:
        fail("srcs hold no .xcassets or .icon folder")
    return roots

def _declared_args(actions, files):
    """The declared inputs as a parameter file: `--declared-inputs=<file>`, one path a line."""
    declared = actions.args()
    declared.add_all(files)
    declared.use_param_file("--declared-inputs=%s", use_always = True)
    declared.set_param_file_format("multiline")
    return declared

def _xml_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

def _asset_pack_specifications(ctx, packs):
    """The --asset-pack-output-specifications file for `packs` (name → (directory, tags)), as swift-build
    writes it: an XML array of `bundle-id`, `bundle-path` and `tags`."""
    prefix = ctx.attr.bundle_id or ctx.label.name
    entries = []
    for name in sorted(packs.keys()):
        directory, tags = packs[name]
        entries.append("\n".join([
            "\t<dict>",
            "\t\t<key>bundle-id</key>",
            "\t\t<string>%s</string>" % _xml_escape(prefix + ".asset-pack-" + name),
            "\t\t<key>bundle-path</key>",
            "\t\t<string>%s</string>" % _xml_escape(directory.path),
            "\t\t<key>tags</key>",
            "\t\t<array>",
        ] + ["\t\t\t<string>%s</string>" % _xml_escape(tag) for tag in sorted(tags)] + [
            "\t\t</array>",
            "\t</dict>",
        ]))
    specifications = ctx.actions.declare_file(ctx.attr.name + "_asset_packs.plist")
    ctx.actions.write(specifications, "\n".join([
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
        "<plist version=\"1.0\">",
        "<array>",
    ] + entries + ["</array>", "</plist>", ""]))
    return specifications

def _assetc_catalog_impl(ctx):
    output = ctx.actions.declare_directory(ctx.attr.name)
    plist = ctx.actions.declare_file(ctx.attr.name + "_partial.plist")
    packs = {}
    for name, tags in ctx.attr.asset_packs.items():
        if not tags:
            fail("asset pack %s has no tags" % name, "asset_packs")
        packs[name] = (ctx.actions.declare_directory("%s_packs/%s.assetpack" % (ctx.attr.name, name)), tags)
    inputs = list(ctx.files.srcs)
    args = ctx.actions.args()
    args.add("compile")
    args.add_all(_roots(ctx.files.srcs))
    args.add("--compile", output.path)
    args.add("--platform", ctx.attr.platform)
    args.add("--minimum-deployment-target", ctx.attr.minimum_deployment_target)
    if ctx.attr.app_icon:
        args.add("--app-icon", ctx.attr.app_icon)
    if ctx.attr.accent_color:
        args.add("--accent-color", ctx.attr.accent_color)
    for device in ctx.attr.target_devices:
        args.add("--target-device", device)
    if ctx.attr.device_model:
        args.add("--filter-for-device-model", ctx.attr.device_model)
    if ctx.attr.device_os_version:
        args.add("--filter-for-device-os-version", ctx.attr.device_os_version)
    if packs:
        specifications = _asset_pack_specifications(ctx, packs)
        inputs.append(specifications)
        args.add("--enable-on-demand-resources", "YES")
        args.add("--asset-pack-output-specifications", specifications.path)
    args.add("--output-partial-info-plist", plist.path)
    pack_directories = [packs[name][0] for name in sorted(packs.keys())]
    ctx.actions.run(
        executable = ctx.executable.tool,
        arguments = [args, _declared_args(ctx.actions, ctx.files.srcs)],
        inputs = inputs,
        outputs = [output, plist] + pack_directories,
        mnemonic = "AssetcCompile",
        progress_message = "Compiling asset catalog %s" % ctx.label,
    )
    return [
        DefaultInfo(files = depset([output, plist] + pack_directories)),
        OutputGroupInfo(asset_packs = depset(pack_directories)),
    ]

assetc_catalog = rule(
    implementation = _assetc_catalog_impl,
    attrs = {
        "srcs": _SRCS,
        "platform": attr.string(
            mandatory = True,
            values = ["iphoneos", "iphonesimulator", "macosx", "appletvos", "watchos", "xros"],
        ),
        "minimum_deployment_target": attr.string(mandatory = True),
        "app_icon": attr.string(doc = "The app icon set to compile."),
        "accent_color": attr.string(doc = "The colour set named as the accent colour."),
        "target_devices": attr.string_list(doc = "Thin for these device families: iphone, ipad, tv, watch, mac, vision, car."),
        "device_model": attr.string(doc = "Thin for one device (--filter-for-device-model), e.g. iPhone15,2 (docs/DEVICES.md)."),
        "device_os_version": attr.string(doc = "The thinned device's OS version (--filter-for-device-os-version)."),
        "asset_packs": attr.string_list_dict(
            doc = "On-demand resources: pack name → the tags of the sets it holds (a set goes to the pack whose " +
                  "tags equal its on-demand-resource-tags). Each pack is `<name>_packs/<pack>.assetpack/Assets.car`.",
        ),
        "bundle_id": attr.string(doc = "The app's bundle identifier: the packs' bundle-id prefix (default: the target's name)."),
        "tool": _TOOL,
    },
    doc = "Compiles asset catalogs into `<name>/Assets.car` (and icon files), `<name>_partial.plist` and, with " +
          "asset_packs, `<name>_packs/<pack>.assetpack/Assets.car`.",
)

def _shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"

def _assetc_audit_test_impl(ctx):
    roots = [_shell_quote(root) for root in _roots(ctx.files.srcs, short = True)]
    inputs_list = ctx.actions.declare_file(ctx.attr.name + ".declared-inputs")
    ctx.actions.write(inputs_list, "\n".join([file.short_path for file in ctx.files.srcs]) + "\n")
    config = ""
    runfiles = list(ctx.files.srcs) + [inputs_list, ctx.executable.tool]
    if ctx.file.config:
        config = " --config " + _shell_quote(ctx.file.config.short_path)
        runfiles.append(ctx.file.config)
    tool = _shell_quote(ctx.executable.tool.short_path)
    declared = " --declared-inputs " + _shell_quote(inputs_list.short_path)
    script = "\n".join([
        "#!/bin/sh",
        "# Generated by assetc_audit_test: the audit's exit status is the test's result.",
        "set -u",
        "sarif=\"${TEST_UNDECLARED_OUTPUTS_DIR:-.}/%s.sarif\"" % ctx.attr.name,
        "%s audit %s%s%s --format sarif -o \"$sarif\" >/dev/null 2>&1" % (tool, " ".join(roots), config, declared),
        "exec %s audit %s%s%s" % (tool, " ".join(roots), config, declared),
        "",
    ])
    executable = ctx.actions.declare_file(ctx.attr.name + ".sh")
    ctx.actions.write(executable, script, is_executable = True)
    return [DefaultInfo(
        executable = executable,
        runfiles = ctx.runfiles(files = runfiles),
    )]

assetc_audit_test = rule(
    implementation = _assetc_audit_test_impl,
    attrs = {
        "srcs": _SRCS,
        "config": attr.label(allow_single_file = True, doc = "An .assetc.yml to audit with (--config)."),
        # The test runs the tool itself, on the machine that runs the test: the target configuration.
        "tool": attr.label(
            default = Label("@assetc_bin//:assetc"),
            executable = True,
            allow_single_file = True,
            cfg = "target",
            doc = "The assetc binary (assetc_binary in repositories.bzl imports one).",
        ),
    },
    test = True,
    doc = "Audits asset catalogs: passes when `assetc audit` finds no error; SARIF in the test's outputs.",
)

def _assetc_swift_accessors_impl(ctx):
    output = ctx.actions.declare_file(ctx.attr.name + ".swift")
    args = ctx.actions.args()
    args.add("generate")
    args.add("swift")
    args.add_all(_roots(ctx.files.srcs))
    args.add("-o", output.path)
    args.add("--access-level", ctx.attr.access_level)
    if ctx.attr.namespace:
        args.add("--namespace", ctx.attr.namespace)
    ctx.actions.run(
        executable = ctx.executable.tool,
        arguments = [args, _declared_args(ctx.actions, ctx.files.srcs)],
        inputs = ctx.files.srcs,
        outputs = [output],
        mnemonic = "AssetcAccessors",
        progress_message = "Generating Swift accessors for %s" % ctx.label,
    )
    return [DefaultInfo(files = depset([output]))]

assetc_swift_accessors = rule(
    implementation = _assetc_swift_accessors_impl,
    attrs = {
        "srcs": _SRCS,
        "access_level": attr.string(default = "internal", values = ["public", "internal"]),
        "namespace": attr.string(doc = "Also an enum of this name holding every asset."),
        "tool": _TOOL,
    },
    doc = "Writes `<name>.swift`, typed accessors for the catalogs' assets (`assetc generate swift`).",
)
