/// A plain-text table with left-aligned columns, for terminal output.
struct TextTable {
    let header: [String]
    let rows: [[String]]

    var rendered: String {
        let columnCount = max(header.count, rows.map(\.count).max() ?? 0)
        var widths = Array(repeating: 0, count: columnCount)
        for row in [header] + rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ row: [String]) -> String {
            var text = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                text += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            return text
        }
        let rule = widths.enumerated().map { index, width in
            String(repeating: "-", count: width) + (index == widths.count - 1 ? "" : "  ")
        }.joined()
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}
