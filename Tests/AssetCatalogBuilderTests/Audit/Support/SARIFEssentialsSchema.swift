/// A trimmed JSON Schema (draft-07) for SARIF 2.1.0, written for the tests because the official schema
/// (https://json.schemastore.org/sarif-2.1.0.json, OASIS SARIF v2.1.0 Errata 01) cannot be downloaded here.
///
/// It keeps, for every object assetc writes, the official schema's `required` properties, types, enums
/// (`version`, `level`, `baselineState`, `columnKind`) and `additionalProperties: false`, so a misspelt or
/// misplaced property fails as it would against the full schema. It does not check formats (`uri`) or the
/// many objects assetc never writes.
enum SARIFEssentialsSchema {
    static let json = #"""
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "title": "SARIF 2.1.0 (essentials of the official schema)",
          "type": "object",
          "additionalProperties": false,
          "required": ["version", "runs"],
          "properties": {
            "$schema": { "type": "string" },
            "version": { "enum": ["2.1.0"] },
            "runs": { "type": ["array", "null"], "minItems": 0, "uniqueItems": false, "items": { "$ref": "#/definitions/run" } },
            "properties": { "$ref": "#/definitions/propertyBag" }
          },
          "definitions": {
            "propertyBag": {
              "type": "object",
              "properties": { "tags": { "type": "array", "uniqueItems": true, "items": { "type": "string" } } },
              "additionalProperties": true
            },
            "message": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "text": { "type": "string" }, "markdown": { "type": "string" }, "id": { "type": "string" },
                "arguments": { "type": "array", "items": { "type": "string" } },
                "properties": { "$ref": "#/definitions/propertyBag" }
              },
              "anyOf": [ { "required": ["text"] }, { "required": ["id"] } ]
            },
            "multiformatMessageString": {
              "type": "object",
              "additionalProperties": false,
              "required": ["text"],
              "properties": {
                "text": { "type": "string" }, "markdown": { "type": "string" },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "run": {
              "type": "object",
              "additionalProperties": false,
              "required": ["tool"],
              "properties": {
                "tool": { "$ref": "#/definitions/tool" },
                "results": { "type": ["array", "null"], "items": { "$ref": "#/definitions/result" } },
                "originalUriBaseIds": { "type": "object", "additionalProperties": { "$ref": "#/definitions/artifactLocation" } },
                "columnKind": { "enum": ["utf16CodeUnits", "unicodeCodePoints"] },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "tool": {
              "type": "object",
              "additionalProperties": false,
              "required": ["driver"],
              "properties": {
                "driver": { "$ref": "#/definitions/toolComponent" },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "toolComponent": {
              "type": "object",
              "additionalProperties": false,
              "required": ["name"],
              "properties": {
                "name": { "type": "string" }, "version": { "type": "string" }, "semanticVersion": { "type": "string" },
                "informationUri": { "type": "string" },
                "rules": { "type": "array", "uniqueItems": true, "items": { "$ref": "#/definitions/reportingDescriptor" } },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "reportingDescriptor": {
              "type": "object",
              "additionalProperties": false,
              "required": ["id"],
              "properties": {
                "id": { "type": "string" }, "name": { "type": "string" },
                "shortDescription": { "$ref": "#/definitions/multiformatMessageString" },
                "fullDescription": { "$ref": "#/definitions/multiformatMessageString" },
                "help": { "$ref": "#/definitions/multiformatMessageString" },
                "helpUri": { "type": "string" },
                "defaultConfiguration": { "$ref": "#/definitions/reportingConfiguration" },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "reportingConfiguration": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "enabled": { "type": "boolean" },
                "level": { "enum": ["none", "note", "warning", "error"] },
                "rank": { "type": "number", "minimum": -1, "maximum": 100 },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "result": {
              "type": "object",
              "additionalProperties": false,
              "required": ["message"],
              "properties": {
                "ruleId": { "type": "string" },
                "ruleIndex": { "type": "integer", "minimum": -1 },
                "level": { "enum": ["none", "note", "warning", "error"] },
                "message": { "$ref": "#/definitions/message" },
                "locations": { "type": "array", "items": { "$ref": "#/definitions/location" } },
                "partialFingerprints": { "type": "object", "additionalProperties": { "type": "string" } },
                "fingerprints": { "type": "object", "additionalProperties": { "type": "string" } },
                "baselineState": { "enum": ["new", "unchanged", "updated", "absent"] },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "location": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "id": { "type": "integer", "minimum": -1 },
                "physicalLocation": { "$ref": "#/definitions/physicalLocation" },
                "message": { "$ref": "#/definitions/message" },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "physicalLocation": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "artifactLocation": { "$ref": "#/definitions/artifactLocation" },
                "region": { "$ref": "#/definitions/region" },
                "properties": { "$ref": "#/definitions/propertyBag" }
              },
              "anyOf": [ { "required": ["address"] }, { "required": ["artifactLocation"] } ]
            },
            "artifactLocation": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "uri": { "type": "string" }, "uriBaseId": { "type": "string" },
                "index": { "type": "integer", "minimum": -1 },
                "description": { "$ref": "#/definitions/message" },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            },
            "region": {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "startLine": { "type": "integer", "minimum": 1 }, "startColumn": { "type": "integer", "minimum": 1 },
                "endLine": { "type": "integer", "minimum": 1 }, "endColumn": { "type": "integer", "minimum": 1 },
                "byteOffset": { "type": "integer", "minimum": -1 }, "byteLength": { "type": "integer", "minimum": 0 },
                "properties": { "$ref": "#/definitions/propertyBag" }
              }
            }
          }
        }
        """#
}
