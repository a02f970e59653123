package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.hessian.BoundedFieldsReader;
import io.github.hessiantime.hessian.LengthGuard;

import java.io.IOException;
import java.util.Arrays;

/**
 * A reader of class definitions whose field names it parses once into a {@link Layout} and then reads every instance
 * with. hessian-lite 4.0.x builds each class definition's fields once per stream ({@link #createFields}): the names,
 * and one slot more, where the first instance leaves the layout for the others. hessian-lite 3.2.x hands every
 * instance of a definition the same names array: one identity check ({@code last}). Across streams the layout of the
 * same names is reused (one comparison of the names instead of parsing them).
 */
abstract class DefinitionReader<L extends DefinitionReader.Layout> extends BoundedFieldsReader {
    // Racy on purpose: a stale layout only means comparing the names again.
    private volatile L last;

    /** hessian-lite 4.0.x: the array the definition's field names go into, and one slot for the layout. */
    @Override
    public Object[] createFields(int length) {
        LengthGuard.checkFieldCount(this, length);
        return new Object[length + 1];
    }

    /** hessian-lite 4.0.x, the definition's own reader: the array of {@link #createFields}. */
    @Override
    public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
        int length = fields.length - 1;
        Object known = fields[length];
        if (known instanceof Layout) {
            return read(in, cast(known));
        }
        // A stream that recognised the definition (FastStringHessian2Input) hands the same name strings every
        // message: the last layout then serves as it is, with neither a copy of the names nor a new layout.
        L previous = this.last;
        if (previous != null && sameNames(previous.names, fields, length)) {
            fields[length] = previous;
            return read(in, previous);
        }
        L layout = layout(Arrays.copyOf(fields, length));
        fields[length] = layout;
        return read(in, layout);
    }

    /** hessian-lite 3.2.x; and 4.0.x for a typed read whose declared class is not the definition's. */
    @Override
    public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
        return read(in, layout(fieldNames));
    }

    /** Whether {@code names} holds the first {@code length} entries of {@code fields}, the same strings or equal. */
    private static boolean sameNames(Object[] names, Object[] fields, int length) {
        if (names.length != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            Object name = names[i];
            Object field = fields[i];
            if (name != field && (name == null || !name.equals(field))) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private L cast(Object layout) {
        return (L) layout;
    }

    private L layout(Object[] names) throws IOException {
        L known = last;
        if (known != null && known.names == names) {
            return known;
        }
        L layout = known != null && Arrays.equals(known.names, names) ? cast(known.forNames(names)) : parse(names);
        last = layout;
        return layout;
    }

    /** The layout of a definition with these field names. */
    abstract L parse(Object[] names) throws IOException;

    /** Reads one instance of a definition of this layout. */
    abstract Object read(AbstractHessianInput in, L layout) throws IOException;

    /** A class definition's field names, parsed. */
    abstract static class Layout {
        final Object[] names;

        Layout(Object[] names) {
            this.names = names;
        }

        /** The same layout for another array of the same names. */
        abstract Layout forNames(Object[] sameNames);
    }
}
