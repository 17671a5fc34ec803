/// The squarified treemap layout (Bruls, Huizing and van Wijk, 2000): rectangles whose areas are proportional
/// to their values, laid out in rows along the shorter side so that each stays as close to a square as it can.
///
/// Values are laid out largest first; a value of zero or less gets an empty rectangle. The rectangles tile the
/// given one exactly (up to floating-point rounding) when every value is positive.
public enum Treemap {
    /// A rectangle: origin at the top left, y downwards.
    public struct Rect: Hashable, Sendable {
        /// The left edge.
        public var x: Double
        /// The top edge.
        public var y: Double
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double

        /// Creates a rectangle.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// Its area.
        public var area: Double { width * height }

        /// The rectangle moved in by `left`, `top`, `right` and `bottom`, never narrower or lower than 0.
        public func inset(left: Double, top: Double, right: Double, bottom: Double) -> Rect {
            Rect(x: x + left, y: y + top, width: Swift.max(0, width - left - right), height: Swift.max(0, height - top - bottom))
        }
    }

    /// The rectangles for `values` inside `bounds`, in the order of `values`.
    public static func layout(_ values: [Double], in bounds: Rect) -> [Rect] {
        var result = [Rect](repeating: Rect(x: bounds.x, y: bounds.y, width: 0, height: 0), count: values.count)
        let order = values.indices.filter { values[$0] > 0 }.sorted { values[$0] != values[$1] ? values[$0] > values[$1] : $0 < $1 }
        let total = order.reduce(0.0) { $0 + values[$1] }
        guard total > 0, bounds.area > 0 else { return result }
        let scale = bounds.area / total
        var free = bounds
        var row: [Int] = []
        var rowSum = 0.0, rowMin = Double.infinity, rowMax = 0.0
        var next = 0
        while next < order.count {
            let area = values[order[next]] * scale
            let side = Swift.min(free.width, free.height)
            if row.isEmpty
                || worst(sum: rowSum + area, min: Swift.min(rowMin, area), max: Swift.max(rowMax, area), side: side)
                    <= worst(sum: rowSum, min: rowMin, max: rowMax, side: side)
            {
                row.append(order[next])
                rowSum += area
                rowMin = Swift.min(rowMin, area)
                rowMax = Swift.max(rowMax, area)
                next += 1
            } else {
                free = place(row, sum: rowSum, values: values, scale: scale, in: free, into: &result)
                row = []
                rowSum = 0
                rowMin = .infinity
                rowMax = 0
            }
        }
        if !row.isEmpty { _ = place(row, sum: rowSum, values: values, scale: scale, in: free, into: &result) }
        return result
    }

    /// The worst aspect ratio in a row of areas with this sum, smallest and largest, laid along `side`.
    private static func worst(sum: Double, min: Double, max: Double, side: Double) -> Double {
        guard sum > 0, min > 0, side > 0 else { return .infinity }
        let sideSquared = side * side, sumSquared = sum * sum
        return Swift.max(sideSquared * max / sumSquared, sumSquared / (sideSquared * min))
    }

    /// Lays `row` along the shorter side of `free` and returns what is left of it.
    private static func place(_ row: [Int], sum: Double, values: [Double], scale: Double, in free: Rect, into result: inout [Rect]) -> Rect {
        if free.width >= free.height {
            // A column at the left, as wide as the row's area needs over the full height.
            let width = free.height > 0 ? Swift.min(free.width, sum / free.height) : 0
            var y = free.y
            for (position, index) in row.enumerated() {
                let height = position == row.count - 1 ? free.y + free.height - y : (width > 0 ? values[index] * scale / width : 0)
                result[index] = Rect(x: free.x, y: y, width: width, height: height)
                y += height
            }
            return Rect(x: free.x + width, y: free.y, width: free.width - width, height: free.height)
        }
        let height = free.width > 0 ? Swift.min(free.height, sum / free.width) : 0
        var x = free.x
        for (position, index) in row.enumerated() {
            let width = position == row.count - 1 ? free.x + free.width - x : (height > 0 ? values[index] * scale / height : 0)
            result[index] = Rect(x: x, y: free.y, width: width, height: height)
            x += width
        }
        return Rect(x: free.x, y: free.y + height, width: free.width, height: free.height - height)
    }
}
