package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializer;
import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;

import java.io.IOException;
import java.util.Arrays;

/**
 * A reader of class definitions whose field names it parses once into a {@link Layout} and then reads every instance
 * with. hessian-lite 4.0.x builds each class definition's fields once per stream ({@link #createFields}): the names,
 * and one slot more, where the first instance leaves the layout for the others. hessian-lite 3.2.x hands every
 * instance of a definition the same names array: one identity check ({@code last}). Across streams the layout of the
 * same names is reused (one comparison of the names instead of parsing them).
 */
abstract class DefinitionReader<L extends DefinitionReader.Layout> extends AbstractDeserializer {
    /**
     * The most fields a class definition may declare: the most a Java class hierarchy plausibly has (a class file holds
     * at most 65,535). More is a hostile count, refused before anything is allocated for it.
     */
    static final int MAX_FIELDS = 65_536;

    // Racy on purpose: a stale layout only means comparing the names again.
    private volatile L last;

    /** hessian-lite 4.0.x: the array the definition's field names go into, and one slot for the layout. */
    @Override
    public Object[] createFields(int length) {
        if (length < 0 || length > MAX_FIELDS) {
            // hessian-lite's caller declares IOException, this method cannot: thrown as it is, unchecked by javac
            throw Sneaky.<RuntimeException>rethrow(new HessianProtocolException(this + ": a class definition of "
                    + length + " fields (at most " + MAX_FIELDS + ")"));
        }
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
        L layout = layout(Arrays.copyOf(fields, length));
        fields[length] = layout;
        return read(in, layout);
    }

    /** hessian-lite 3.2.x; and 4.0.x for a typed read whose declared class is not the definition's. */
    @Override
    public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
        return read(in, layout(fieldNames));
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

    /** Throws a checked exception where the signature cannot declare it (hessian-lite's {@code createFields}). */
    static final class Sneaky {
        private Sneaky() {
        }

        @SuppressWarnings("unchecked")
        static <E extends Throwable> E rethrow(Throwable e) throws E {
            throw (E) e;
        }
    }
}
