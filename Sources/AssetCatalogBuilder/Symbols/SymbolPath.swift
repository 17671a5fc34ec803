import CVectorSupport
import Foundation

/// A point of a symbol's outline, in the template's units (100 points to the template's point size).
struct SymbolPoint: Sendable, Equatable {
    var x: Double
    var y: Double
}

/// One outline of a symbol glyph (an SVG `<path>`'s data), every command made absolute: moves, lines, quadratic and
/// cubic curves and closes (`H`/`V` become lines, `S`/`T` curves with their reflected control point), so that two
/// masters drawn with the same commands can be interpolated point by point.
struct SymbolPath: Sendable, Equatable {
    /// One drawing command with absolute points.
    enum Command: Sendable, Equatable {
        case move(SymbolPoint)
        case line(SymbolPoint)
        case quad(SymbolPoint, SymbolPoint)
        case cubic(SymbolPoint, SymbolPoint, SymbolPoint)
        case close

        var letter: Character {
            switch self {
            case .move: return "M"
            case .line: return "L"
            case .quad: return "Q"
            case .cubic: return "C"
            case .close: return "Z"
            }
        }

        var points: [SymbolPoint] {
            switch self {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let c1, let c2, let p): return [c1, c2, p]
            case .close: return []
            }
        }

        func withPoints(_ points: [SymbolPoint]) -> Command {
            switch self {
            case .move: return .move(points[0])
            case .line: return .line(points[0])
            case .quad: return .quad(points[0], points[1])
            case .cubic: return .cubic(points[0], points[1], points[2])
            case .close: return .close
            }
        }
    }

    /// Why path data could not be read.
    struct Problem: Error, Sendable, Equatable {
        var message: String
    }

    /// The most numbers one path's data may hold.
    static let maximumNumbers = 1_000_000

    var commands: [Command]

    init(commands: [Command]) { self.commands = commands }

    /// Reads SVG path data. Elliptical arcs (`A`) are refused: a symbol template's outlines are lines and curves.
    init(data: String) throws(Problem) {
        var scanner = Scanner(Array(data.utf8))
        var commands: [Command] = []
        var current = SymbolPoint(x: 0, y: 0)
        var start = current
        var lastControl: SymbolPoint?
        var lastLetter: UInt8 = 0
        var letter: UInt8?
        var numbers = 0
        while true {
            scanner.skipSeparators()
            guard let next = scanner.peek() else { break }
            if (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z")) {
                letter = next
                scanner.advance()
                if next == UInt8(ascii: "Z") || next == UInt8(ascii: "z") {
                    commands.append(.close)
                    current = start
                    lastControl = nil
                    lastLetter = next
                    letter = nil
                }
                continue
            }
            guard let command = letter else { throw Problem(message: "path data has a number where a command letter is expected") }
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            func read() throws(Problem) -> Double {
                numbers += 1
                guard numbers <= SymbolPath.maximumNumbers else { throw Problem(message: "path data has more than \(SymbolPath.maximumNumbers) numbers") }
                guard let value = scanner.number() else { throw Problem(message: "path data has a malformed number") }
                return value
            }
            func point() throws(Problem) -> SymbolPoint {
                let x = try read()
                let y = try read()
                return relative ? SymbolPoint(x: current.x + x, y: current.y + y) : SymbolPoint(x: x, y: y)
            }
            func reflected() -> SymbolPoint {
                guard let control = lastControl else { return current }
                return SymbolPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
            }
            switch upper {
            case UInt8(ascii: "M"):
                current = try point()
                start = current
                commands.append(.move(current))
                lastControl = nil
                // Further pairs after a move are lines.
                letter = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "L"):
                current = try point()
                commands.append(.line(current))
                lastControl = nil
            case UInt8(ascii: "H"):
                let x = try read()
                current = SymbolPoint(x: relative ? current.x + x : x, y: current.y)
                commands.append(.line(current))
                lastControl = nil
            case UInt8(ascii: "V"):
                let y = try read()
                current = SymbolPoint(x: current.x, y: relative ? current.y + y : y)
                commands.append(.line(current))
                lastControl = nil
            case UInt8(ascii: "C"):
                let c1 = try point()
                let c2 = try point()
                let end = try point()
                commands.append(.cubic(c1, c2, end))
                current = end
                lastControl = c2
            case UInt8(ascii: "S"):
                let c1 = lastLetter == UInt8(ascii: "C") || lastLetter == UInt8(ascii: "S") ? reflected() : current
                let c2 = try point()
                let end = try point()
                commands.append(.cubic(c1, c2, end))
                current = end
                lastControl = c2
            case UInt8(ascii: "Q"):
                let c = try point()
                let end = try point()
                commands.append(.quad(c, end))
                current = end
                lastControl = c
            case UInt8(ascii: "T"):
                let c = lastLetter == UInt8(ascii: "Q") || lastLetter == UInt8(ascii: "T") ? reflected() : current
                let end = try point()
                commands.append(.quad(c, end))
                current = end
                lastControl = c
            case UInt8(ascii: "A"):
                throw Problem(message: "path data has an elliptical arc (A), which symbol templates do not use; convert it to curves")
            default:
                throw Problem(message: "path data has an unknown command letter")
            }
            lastLetter = upper
        }
        self.commands = commands
    }

    /// Whether `other` is drawn with the same commands (what interpolation needs).
    func isCompatible(with other: SymbolPath) -> Bool {
        commands.count == other.commands.count && zip(commands, other.commands).allSatisfy { $0.letter == $1.letter }
    }

    /// The path with every point mapped by `transform`.
    func mapped(_ transform: (SymbolPoint) -> SymbolPoint) -> SymbolPath {
        SymbolPath(commands: commands.map { $0.withPoints($0.points.map(transform)) })
    }

    /// The exact bounds of the outline (curve extremes, not control points): min x, min y, max x, max y.
    func bounds() -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func add(_ p: SymbolPoint) {
            if let b = box {
                box = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
            } else {
                box = (p.x, p.y, p.x, p.y)
            }
        }
        var current = SymbolPoint(x: 0, y: 0)
        var start = current
        for command in commands {
            switch command {
            case .move(let p):
                current = p
                start = p
                add(p)
            case .line(let p):
                add(p)
                current = p
            case .quad(let c, let p):
                add(p)
                for t in Self.quadExtremes(current.x, c.x, p.x) + Self.quadExtremes(current.y, c.y, p.y) {
                    let u = 1 - t
                    add(SymbolPoint(x: u * u * current.x + 2 * u * t * c.x + t * t * p.x, y: u * u * current.y + 2 * u * t * c.y + t * t * p.y))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                add(p)
                for t in Self.cubicExtremes(current.x, c1.x, c2.x, p.x) + Self.cubicExtremes(current.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(SymbolPoint(x: a * current.x + b * c1.x + c * c2.x + d * p.x, y: a * current.y + b * c1.y + c * c2.y + d * p.y))
                }
                current = p
            case .close:
                current = start
            }
        }
        return box
    }

    static func quadExtremes(_ p0: Double, _ p1: Double, _ p2: Double) -> [Double] {
        let denominator = p0 - 2 * p1 + p2
        guard denominator != 0 else { return [] }
        let t = (p0 - p1) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    static func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // The derivative's roots: a t² + b t + c = 0.
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b + root) / (2 * a), (-b - root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// The path data as Xcode writes a compiled symbol's: absolute commands, numbers with six significant digits,
    /// a space between numbers unless the next one starts with a minus sign (`M27.68 4.35L27.68-29.15Z`).
    var data: String {
        var out = ""
        for command in commands {
            out.append(command.letter)
            var first = true
            for point in command.points {
                for value in [point.x, point.y] {
                    let text = Self.format(value)
                    if !first && !text.hasPrefix("-") { out.append(" ") }
                    out += text
                    first = false
                }
            }
        }
        return out
    }

    /// `value` with six significant digits, trailing zeros dropped (C's `%g`), never `-0`.
    ///
    /// Written by C's `snprintf` in the C locale (assetc sets none), which is what `String(format:)` calls in the
    /// end: through Foundation's formatting, a number cost about 5 µs, and spelling a symbol's paths (27 glyphs of
    /// thousands of numbers) was half of the compile of a catalog with two custom symbols.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let text = withUnsafeMutableBytes(of: &buffer) { raw -> String in
            let count = acvec_format_number(value, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
            return String(decoding: raw.prefix(max(0, Int(count))), as: UTF8.self)
        }
        return text == "-0" ? "0" : text
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }
        mutating func advance() { position += 1 }

        mutating func skipSeparators() {
            while position < bytes.count {
                let byte = bytes[position]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",") else { return }
                position += 1
            }
        }

        /// A number: sign, digits, one decimal point, an exponent.
        mutating func number() -> Double? {
            skipSeparators()
            let start = position
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
            var digits = 0
            var dot = false
            while position < bytes.count {
                let byte = bytes[position]
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    digits += 1
                } else if byte == UInt8(ascii: ".") && !dot {
                    dot = true
                } else {
                    break
                }
                position += 1
            }
            guard digits > 0, digits <= 40 else { return nil }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                let mark = position
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
                var exponentDigits = 0
                while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9"), exponentDigits < 4 {
                    position += 1
                    exponentDigits += 1
                }
                if exponentDigits == 0 { position = mark }
            }
            guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite, abs(value) < 1e7 else {
                return nil
            }
            return value
        }
    }
}
