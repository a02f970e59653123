package io.github.hessiantime.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One page of a query result, as a typical Dubbo response carries it: a page number and a list of rows. The page
 * benchmarks and the demo use pages of 20 rows of {@link DateRow}, {@link InstantRow} or {@link LocalDateTimeRow},
 * so the pages differ only in the type of their 100 time values.
 */
public class Page<R extends Serializable> implements Serializable {
    private static final long serialVersionUID = 1L;

    private int number;
    private List<R> rows;

    public Page() {
    }

    public Page(int number, List<R> rows) {
        this.number = number;
        this.rows = new ArrayList<>(rows);
    }

    public int getNumber() { return number; }
    public List<R> getRows() { return rows; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Page)) return false;
        Page<?> that = (Page<?>) o;
        return number == that.number && Objects.equals(rows, that.rows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(number, rows);
    }

    @Override
    public String toString() {
        return "Page " + number + " of " + rows.size() + " rows";
    }
}
