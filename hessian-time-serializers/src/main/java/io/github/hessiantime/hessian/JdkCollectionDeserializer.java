package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.AbstractListDeserializer;
import com.alibaba.com.caucho.hessian.io.CollectionDeserializer;
import com.alibaba.com.caucho.hessian.io.Deserializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * hessian-lite's reader of a list written as one of the JDK's common collection classes ({@code ArrayList},
 * {@code LinkedList}, {@code HashSet}, {@code LinkedHashSet}, {@code TreeSet}), making the collection with
 * {@code new} instead of {@code Class.newInstance()}.
 *
 * <p>Why: {@code Class.newInstance()} is caller-sensitive. Where the JIT has not inlined it into its caller (deep
 * Dubbo stacks, many DTO classes: what an RPC server runs) it finds its caller by walking the stack, every time.
 * In a profile of the RPC benchmark's pages that walk took about 0.8 % of a call's CPU, on each side (issue 30).
 *
 * <p>Everything else is hessian-lite's own {@code CollectionDeserializer}, so a list reads exactly as before: the
 * same collection class (no initial capacity, so nothing is sized from a count in the stream), the collection in its
 * reference slot before its elements, each element by {@code readObject()}. Reads with an expected element type, and
 * the two-argument entry points (which the two hessian-lite lines implement differently), are handed to hessian-lite's
 * reader unchanged.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class JdkCollectionDeserializer extends AbstractListDeserializer {
    // Stateless, and of JDK classes only: shared by every factory and class loader.
    private static final List<JdkCollectionDeserializer> READERS = Collections.unmodifiableList(Arrays.asList(
            new JdkCollectionDeserializer(ArrayList.class, ArrayList::new),
            new JdkCollectionDeserializer(LinkedList.class, LinkedList::new),
            new JdkCollectionDeserializer(HashSet.class, HashSet::new),
            new JdkCollectionDeserializer(LinkedHashSet.class, LinkedHashSet::new),
            new JdkCollectionDeserializer(TreeSet.class, TreeSet::new)));

    private final Class<?> type;
    private final Supplier<Collection<Object>> newCollection;
    private final CollectionDeserializer stock;

    private JdkCollectionDeserializer(Class<?> type, Supplier<Collection<Object>> newCollection) {
        this.type = type;
        this.newCollection = newCollection;
        this.stock = new CollectionDeserializer(type);
    }

    /**
     * The reader to use where hessian-lite chose {@code chosen} to read a list: this one where {@code chosen} is
     * hessian-lite's own reader of one of the classes above, else {@code chosen}.
     */
    public static Deserializer forList(Deserializer chosen) {
        if (chosen != null && chosen.getClass() == CollectionDeserializer.class) {
            Class<?> listType = chosen.getType();
            for (JdkCollectionDeserializer reader : READERS) {
                if (reader.type == listType) {
                    return reader;
                }
            }
        }
        return chosen;
    }

    @Override
    public Class<?> getType() {
        return type;
    }

    // A list of known length: 'V' and its short forms, what hessian-lite writes for a collection.
    @Override
    public Object readLengthList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        if (expectType != null) {
            return stock.readLengthList(in, length, expectType);
        }
        Collection<Object> list = begin(in);
        for (int left = length; left > 0; left--) {
            list.add(in.readObject());
        }
        return list;
    }

    // A list ended by 'Z'.
    @Override
    public Object readList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        if (expectType != null) {
            return stock.readList(in, length, expectType);
        }
        Collection<Object> list = begin(in);
        while (!in.isEnd()) {
            list.add(in.readObject());
        }
        in.readEnd();
        return list;
    }

    // A new collection, in its reference slot before any element is read: an element may point back at it.
    private Collection<Object> begin(AbstractHessianInput in) throws IOException {
        Collection<Object> list = newCollection.get();
        in.addRef(list);
        return list;
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length) throws IOException {
        return stock.readLengthList(in, length);
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        return stock.readList(in, length);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + type.getName() + "]";
    }
}
