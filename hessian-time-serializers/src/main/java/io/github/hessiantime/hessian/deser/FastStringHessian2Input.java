package io.github.hessiantime.hessian.deser;

import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.BoundedFieldsReader;
import io.github.hessiantime.hessian.HessianTimeInput;
import io.github.hessiantime.hessian.Line4Deserializer;
import io.github.hessiantime.hessian.PrivateFields;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Date;
import java.util.List;

/**
 * A {@code Hessian2Input} that decodes strings of up to 65,535 characters itself: runs of ASCII copied straight from
 * the stream's buffer, other characters a byte at a time through {@link #read()}, instead of hessian-lite's path of
 * three method calls and a {@code StringBuilder} append per character. Every message carries strings that are not
 * values at all (Dubbo's request header: service, method, parameter types; each class definition's type and field
 * names, again in every message), and in the profile of a one-row page, decoding them was about a fifth of a round
 * trip (docs/benchmarks.md, "Where the time goes").
 *
 * <p>The same bytes give the same string as in hessian-lite: the same UTF-8 arithmetic, which like hessian-lite's does
 * not check continuation bytes, and the same error for a lead byte hessian-lite refuses. What differs is a string cut
 * short by the end of the stream: hessian-lite returns the characters it got (or fills the rest with
 * {@code U+FFFF}); this reader throws a {@code HessianProtocolException} saying so. Chunked strings (over 32,768
 * characters as hessian-lite writes them), and anything else {@code readString()} accepts (numbers, booleans, null),
 * go to hessian-lite as before.
 *
 * <p>It also hands a date's eight bytes to hessian-time's readers straight from its buffer
 * ({@link HessianTimeInput}), and reads a {@code Date} in {@link #readObject()} that way, as hessian-lite's
 * {@code new Date(parseLong())} does a byte at a time; near the buffer's end, hessian-lite reads it.
 *
 * <p>A class definition its factory's {@link ClassDefinitionCache} holds, byte for byte, it makes itself, with the
 * calls hessian-lite's definition reader makes (the factory asked for the type's reader on every message), its
 * strings taken from the cache. In the profile of a one-row page, class definitions were a fifth of a round trip, and
 * half of that was replaying their strings into hessian-lite's reader and its calls on the definition's reader,
 * which every stream of the JVM shares, stock hessian2's too (issue 30).
 *
 * <p>It needs hessian-lite 4.0.x, which lets a subclass give back the tag byte it looked at ({@code unread()}), and
 * reaches hessian-lite's private buffer fields through method handles; where either is missing (hessian-lite 3.2.x,
 * another build of it) {@link #create} gives hessian-lite's own {@code Hessian2Input}. Its character buffer grows
 * with the bytes that actually arrived, never with a length the stream claims. Internal: not part of hessian-time's
 * public API.
 */
public final class FastStringHessian2Input extends HessianTimeInput {
    /**
     * Whether this reader can be used: hessian-lite lets a subclass give back a byte (4.0.x:
     * {@code Hessian2Input.unread()}) and its buffer fields are reachable.
     */
    public static final boolean AVAILABLE = hasUnread();

    private static final int SHORT_STRING_MAX = 0x1f;   // tags 0x00-0x1f: the length is the tag
    private static final int MEDIUM_STRING = 0x30;      // tags 0x30-0x33: two more bits of length, then a byte
    private static final int MEDIUM_STRING_MAX = 0x33;
    private static final int FINAL_CHUNK = 'S';         // 'S', two bytes of length: a string in one chunk

    private static final int DEFINITION = 'C';         // a class definition: type, field count, field names
    private static final int DATE = 0x4a;               // a date: eight bytes of milliseconds
    private static final int INCOMPLETE = -1;
    private static final int NOT_COMPACT = -2;

    private char[] chars = new char[64];
    // The class definition being read, or null: a kept one (definitionKept: all its strings there, made directly, or
    // replayed where hessian-lite's record of it cannot be made) or a new one (its strings filled in as they are
    // decoded, then kept). Set between a 'C' and its last field name only: hessian-lite's definition reader asks for
    // nothing but these strings and the field count in between.
    private ClassDefinitionCache.Definition definition;
    private boolean definitionKept;
    private int nextString;
    private ClassDefinitionCache learningCache;
    private int definitionStrings;
    private int recognised;
    private int madeDirectly;
    private long bufferedLongs;

    private FastStringHessian2Input(InputStream in) {
        super(in);
    }

    /** A stream reading {@code in}: this class where hessian-lite allows it, else hessian-lite's own. */
    public static Hessian2Input create(InputStream in) {
        return AVAILABLE ? new FastStringHessian2Input(in) : new Hessian2Input(in);
    }

    @Override
    public String readString() throws IOException {
        if (definition != null) {
            return definitionString();
        }
        int tag = read();
        int length = stringLength(tag);
        if (length >= 0) {
            return decode(length);
        }
        if (tag >= 0) {
            unread();
        }
        return super.readString();
    }

    @Override
    public Object readObject() throws IOException {
        int tag = read();
        int length = stringLength(tag);
        if (length >= 0) {
            return decode(length);
        }
        if (tag == DATE && bufferedBytes() >= 8) {
            return new Date(readBufferedLong());    // hessian-lite's readObject: new Date(parseLong())
        }
        if (tag == DEFINITION && startDefinition()) {
            if (defineKept()) {
                return readObject();            // as hessian-lite: the definition, then what follows it
            }
            try {
                unread();
                return super.readObject();      // hessian-lite reads the definition, its strings come from here
            } finally {
                definition = null;
            }
        }
        if (tag >= 0) {
            unread();
        }
        return super.readObject();
    }

    @Override
    public Object readObject(Class cl) throws IOException {
        int tag = read();
        if (tag == DEFINITION && startDefinition()) {
            if (defineKept()) {
                return readObject(cl);
            }
            try {
                unread();
                return super.readObject(cl);
            } finally {
                definition = null;
            }
        }
        if (tag >= 0) {
            unread();
        }
        return super.readObject(cl);
    }

    @Override
    public int bufferedBytes() {
        return Buffer.length(this) - Buffer.offset(this);
    }

    @Override
    public long readBufferedLong() {
        byte[] buffer = Buffer.bytes(this);
        int offset = Buffer.offset(this);
        Buffer.setOffset(this, offset + 8);
        bufferedLongs++;
        return ((buffer[offset] & 0xffL) << 56) | ((buffer[offset + 1] & 0xffL) << 48)
                | ((buffer[offset + 2] & 0xffL) << 40) | ((buffer[offset + 3] & 0xffL) << 32)
                | ((buffer[offset + 4] & 0xffL) << 24) | ((buffer[offset + 5] & 0xffL) << 16)
                | ((buffer[offset + 6] & 0xffL) << 8) | (buffer[offset + 7] & 0xffL);
    }

    /** How many dates (or longs) this stream handed out straight from its buffer (for tests). */
    public long bufferedLongs() {
        return bufferedLongs;
    }

    /** How many class definitions this stream took from its factory's cache (for tests). */
    public int recognisedDefinitions() {
        return recognised;
    }

    /** How many recognised class definitions this stream made itself, not through hessian-lite's reader (for tests). */
    public int definitionsMadeDirectly() {
        return madeDirectly;
    }

    // ------------------------------------------------------------------ class definitions

    /*
     * At a class definition (its 'C' just read): finds its bytes in the factory's cache (then hessian-lite's own
     * definition reader gets the cached strings, readString() skipping their bytes), or decodes it as usual and keeps
     * it. False where the definition is read as hessian-lite reads it, uncached: no cache, encodings other than the
     * compact ones hessian-lite writes, or a definition that does not fit in the stream's buffer.
     */
    private boolean startDefinition() throws IOException {
        SerializerFactory factory = getSerializerFactory();
        ClassDefinitionCache cache = factory instanceof ClassDefinitionCache.Owner
                ? ((ClassDefinitionCache.Owner) factory).classDefinitions() : null;
        if (cache == null) {
            return false;
        }
        int hashEnd = asciiEnd(Buffer.bytes(this), Buffer.offset(this), Buffer.length(this));
        if (hashEnd == INCOMPLETE && fillBuffer()) {
            hashEnd = asciiEnd(Buffer.bytes(this), Buffer.offset(this), Buffer.length(this));
        }
        if (hashEnd < 0) {
            return false;
        }
        int hash = hash(Buffer.bytes(this), Buffer.offset(this), hashEnd);
        ClassDefinitionCache.Definition known = cache.candidate(hash);
        if (known != null) {
            // A definition's encoding delimits itself: bytes equal to a whole known definition are that definition.
            if (Buffer.offset(this) + known.length() > Buffer.length(this)) {
                fillBuffer();
            }
            if (Buffer.offset(this) + known.length() <= Buffer.length(this)
                    && known.matches(Buffer.bytes(this), Buffer.offset(this))) {
                definition = known;
                definitionKept = true;
                recognised++;
                nextString = 0;
                return true;
            }
        }
        int end = definitionEnd(null);
        if (end == INCOMPLETE && fillBuffer()) {
            end = definitionEnd(null);
        }
        if (end < 0) {
            return false;
        }
        int[] encodedLengths = new int[definitionStrings];
        definitionEnd(encodedLengths);
        definition = new ClassDefinitionCache.Definition(
                Arrays.copyOfRange(Buffer.bytes(this), Buffer.offset(this), end), hash,
                new String[definitionStrings], encodedLengths);
        definitionKept = false;
        learningCache = cache;
        nextString = 0;
        return true;
    }

    /*
     * A definition found whole in the cache (startDefinition): made as hessian-lite's readObjectDefinition makes it,
     * the same calls on the same objects in the same order (the factory asked for the type's reader, so its verdict
     * every time; that reader asked for the fields array and for each field), with the type, count and names taken
     * from the cache and their bytes skipped. Instead of replaying the strings into hessian-lite's reader: those calls
     * are shared with every stream of the JVM, stock hessian2's included, so the JIT dispatches them megamorphically,
     * and each string was a call. False, with nothing read, for a definition being learned or where hessian-lite's
     * definition record cannot be made (another build of hessian-lite): hessian-lite reads it.
     */
    private boolean defineKept() throws IOException {
        ClassDefinitionCache.Definition kept = definition;
        if (!definitionKept || !ObjectDefinitions.REACHABLE) {
            return false;
        }
        definition = null;
        String[] strings = kept.strings;
        String type = strings[0];
        int count = strings.length - 1;
        int start = Buffer.offset(this);
        Buffer.setOffset(this, start + kept.namesStart());     // past the type and the field count, as hessian-lite
        Deserializer reader = findSerializerFactory().getObjectDeserializer(type, null);
        // hessian-time's readers: a direct call, and each field is its name (their createField is final)
        boolean bounded = reader instanceof BoundedFieldsReader;
        Object[] fields = bounded ? ((BoundedFieldsReader) reader).createFields(count)
                : Line4Deserializer.createFields(reader, count);
        String[] names = new String[count];
        for (int i = 0; i < count; i++) {
            String name = strings[i + 1];
            fields[i] = bounded ? name : Line4Deserializer.createField(reader, name);
            names[i] = name;
        }
        Buffer.setOffset(this, start + kept.length());
        addObjectDefinition(ObjectDefinitions.make(type, reader, fields, names));
        madeDirectly++;
        return true;
    }

    // hessian-lite's list of the stream's definitions (protected, an ArrayList on both lines), typed by a record class
    // this package cannot name
    @SuppressWarnings("unchecked")
    private void addObjectDefinition(Object record) {
        ((List<Object>) (List<?>) _classDefs).add(record);
    }

    // The next string of the definition being read: the type, then each field name.
    private String definitionString() throws IOException {
        ClassDefinitionCache.Definition current = definition;
        int index = nextString++;
        boolean last = index == current.strings.length - 1;
        if (last) {
            definition = null;
        }
        String kept = current.strings[index];
        if (kept != null) {
            // a kept definition: the same bytes, all in the buffer (startDefinition), skipped, not decoded
            Buffer.setOffset(this, Buffer.offset(this) + current.encodedLengths[index]);
            return kept;
        }
        int tag = read();
        String decoded = decode(stringLength(tag));  // definitionEnd saw a one-chunk string here
        current.strings[index] = decoded;
        if (last) {
            learningCache.keep(current);
            learningCache = null;
        }
        return decoded;
    }

    /*
     * Where the definition at the buffer's position ends (its type, field count and field names), INCOMPLETE if the
     * buffer ends first, NOT_COMPACT for encodings this reader leaves to hessian-lite; fills encodedLengths if given,
     * and definitionStrings.
     */
    private int definitionEnd(int[] encodedLengths) {
        byte[] buffer = Buffer.bytes(this);
        int position = Buffer.offset(this);
        int limit = Buffer.length(this);
        int type = stringEnd(buffer, position, limit);
        if (type < 0) {
            return type;
        }
        if (encodedLengths != null) {
            encodedLengths[0] = type - position;
        }
        position = type;
        if (position >= limit) {
            return INCOMPLETE;
        }
        int count;
        int tag = buffer[position] & 0xff;
        if (tag >= 0x80 && tag <= 0xbf) {                   // one-byte int
            count = tag - 0x90;
            position += 1;
        } else if (tag >= 0xc0 && tag <= 0xcf) {            // two-byte int
            if (position + 2 > limit) {
                return INCOMPLETE;
            }
            count = ((tag - 0xc8) << 8) + (buffer[position + 1] & 0xff);
            position += 2;
        } else {
            return NOT_COMPACT;
        }
        // each name takes a byte at least, and the definition must fit in the buffer
        if (count < 0 || count >= buffer.length) {
            return NOT_COMPACT;
        }
        for (int i = 1; i <= count; i++) {
            int name = stringEnd(buffer, position, limit);
            if (name < 0) {
                return name;
            }
            if (encodedLengths != null) {
                encodedLengths[i] = name - position;
            }
            position = name;
        }
        definitionStrings = count + 1;
        return position;
    }

    // The end of the one-chunk string at position, by the same UTF-8 lead bytes decode() reads.
    private static int stringEnd(byte[] buffer, int position, int limit) {
        int charsEnd = asciiEnd(buffer, position, limit);
        if (charsEnd < 0) {
            return charsEnd;    // 'S' (a name over 1,023 characters cannot fit), not a string, or past the buffer
        }
        position += (buffer[position] & 0xff) <= SHORT_STRING_MAX ? 1 : 2;
        for (int i = charsEnd - position; i > 0; i--) {
            if (position >= limit) {
                return INCOMPLETE;
            }
            int b = buffer[position] & 0xff;
            if (b < 0x80) {
                position += 1;
            } else if ((b & 0xe0) == 0xc0) {
                position += 2;
            } else if ((b & 0xf0) == 0xe0) {
                position += 3;
            } else {
                return NOT_COMPACT;     // hessian-lite's error, from hessian-lite
            }
        }
        return position <= limit ? position : INCOMPLETE;
    }

    /*
     * Makes room for a definition that runs past the buffer's end: the unread bytes (with the 'C' before them, so
     * unread() still works) move to the buffer's start, and the rest of the buffer is filled from the stream, as
     * hessian-lite's own refill would fill it. False if no byte was added.
     */
    private boolean fillBuffer() throws IOException {
        InputStream stream = Buffer.stream(this);
        byte[] buffer = Buffer.bytes(this);
        int offset = Buffer.offset(this);
        int length = Buffer.length(this);
        if (stream == null || offset < 1) {
            return false;
        }
        int start = offset - 1;
        if (start == 0 && length == buffer.length) {
            return false;       // a definition longer than the buffer: hessian-lite reads it
        }
        System.arraycopy(buffer, start, buffer, 0, length - start);
        length -= start;
        Buffer.setOffset(this, 1);
        Buffer.setLength(this, length);
        boolean added = false;
        while (length < buffer.length) {
            int read = stream.read(buffer, length, buffer.length - length);
            if (read <= 0) {
                break;
            }
            length += read;
            Buffer.setLength(this, length);
            added = true;
        }
        return added;
    }

    /*
     * Where the one-chunk string at from would end if each of its characters were one byte: its header and as many
     * bytes as it has characters. All of an ASCII string, and never past the string's real end (a character is a byte
     * at least), found without a scan of the characters: what the slot's hash covers of a type name.
     */
    private static int asciiEnd(byte[] buffer, int from, int limit) {
        if (from >= limit) {
            return INCOMPLETE;
        }
        int tag = buffer[from] & 0xff;
        int end;
        if (tag <= SHORT_STRING_MAX) {
            end = from + 1 + tag;
        } else if (tag >= MEDIUM_STRING && tag <= MEDIUM_STRING_MAX) {
            if (from + 2 > limit) {
                return INCOMPLETE;
            }
            end = from + 2 + ((tag - MEDIUM_STRING) << 8) + (buffer[from + 1] & 0xff);
        } else {
            return NOT_COMPACT;
        }
        return end <= limit ? end : INCOMPLETE;
    }

    // Picks the cache slot only (a match compares every byte): the type name's length and its last 16 bytes, where
    // class names differ most, as four words mixed independently and then together (murmur3's finaliser), instead of
    // a chain of multiplications a byte long: it was 1.5 % of a one-row round trip in the profile.
    private static int hash(byte[] buffer, int from, int hashEnd) {
        int length = hashEnd - from;
        int hash = length;
        if (length >= 16) {
            hash ^= word(buffer, hashEnd - 4) * 0x9e3779b9 ^ word(buffer, hashEnd - 8) * 0x85ebca6b
                    ^ word(buffer, hashEnd - 12) * 0xc2b2ae35 ^ word(buffer, hashEnd - 16) * 0x27d4eb2f;
        } else {
            for (int i = from; i < hashEnd; i++) {
                hash = 31 * hash + buffer[i];
            }
        }
        hash ^= hash >>> 16;
        hash *= 0x85ebca6b;
        hash ^= hash >>> 13;
        hash *= 0xc2b2ae35;
        return hash ^ (hash >>> 16);
    }

    private static int word(byte[] buffer, int at) {
        return (buffer[at] << 24) | ((buffer[at + 1] & 0xff) << 16) | ((buffer[at + 2] & 0xff) << 8)
                | (buffer[at + 3] & 0xff);
    }

    /** The length in characters of a one-chunk string with this tag, or -1 for any other tag. */
    private int stringLength(int tag) throws IOException {
        if (tag <= SHORT_STRING_MAX) {
            return tag;     // -1 at the end of the stream: not a string
        }
        if (tag >= MEDIUM_STRING && tag <= MEDIUM_STRING_MAX) {
            return ((tag - MEDIUM_STRING) << 8) + lengthByte();
        }
        if (tag == FINAL_CHUNK) {
            return (lengthByte() << 8) + lengthByte();
        }
        return -1;
    }

    private int lengthByte() throws IOException {
        int b = read();
        if (b < 0) {
            throw truncated("in its length");
        }
        return b;
    }

    // Characters as hessian-lite's parseUTF8Char makes them: one, two or three bytes, continuation bytes unchecked.
    // Runs of ASCII are copied straight from the buffer; anything else, and the buffer's refills, go through read().
    private String decode(int length) throws IOException {
        int i = 0;
        while (i < length) {
            i += asciiRun(i, length);
            if (i == length) {
                break;
            }
            int b = read();
            int c;
            if (b < 0x80) {
                if (b < 0) {
                    throw truncated("after " + i + " of its " + length + " characters");
                }
                c = b;
            } else if ((b & 0xe0) == 0xc0) {
                c = ((b & 0x1f) << 6) + (continuation(i, length) & 0x3f);
            } else if ((b & 0xf0) == 0xe0) {
                int second = continuation(i, length);
                c = ((b & 0x0f) << 12) + ((second & 0x3f) << 6) + (continuation(i, length) & 0x3f);
            } else {
                throw error("bad utf-8 encoding at " + codeName(b));
            }
            charsFor(i + 1, length)[i++] = (char) c;
        }
        return new String(chars, 0, length);
    }

    /** Copies the ASCII bytes at the buffer's position as characters {@code from} on; returns how many. */
    private int asciiRun(int from, int length) {
        byte[] buffer = Buffer.bytes(this);
        int start = Buffer.offset(this);
        int end = Math.min(Buffer.length(this), start + (length - from));
        if (end <= start) {
            return 0;
        }
        // sized by bytes that are in the buffer, never by the length the stream claims
        char[] decoded = charsFor(from + (end - start), length);
        int offset = start;
        while (offset < end && buffer[offset] >= 0) {
            decoded[from + offset - start] = (char) buffer[offset];
            offset++;
        }
        Buffer.setOffset(this, offset);
        return offset - start;
    }

    private char[] charsFor(int needed, int length) {
        char[] decoded = chars;
        if (decoded.length < needed) {
            decoded = chars = Arrays.copyOf(decoded, Math.min(length, Math.max(needed, decoded.length * 2)));
        }
        return decoded;
    }

    private int continuation(int decoded, int length) throws IOException {
        int b = read();
        if (b < 0) {
            throw truncated("inside character " + (decoded + 1) + " of its " + length);
        }
        return b;
    }

    private static HessianProtocolException truncated(String where) {
        return new HessianProtocolException("string: the stream ends " + where);
    }

    private static boolean hasUnread() {
        try {
            Hessian2Input.class.getDeclaredMethod("unread");
            return Buffer.REACHABLE;
        } catch (NoSuchMethodException | SecurityException e) {
            return false;
        }
    }

    /**
     * hessian-lite 4.0.x's record of a class definition ({@code Hessian2Input.ObjectDefinition}: type, reader, fields,
     * names; package-private), made through a method handle found once; not REACHABLE where it is missing or differs.
     */
    private static final class ObjectDefinitions {
        static final boolean REACHABLE;
        private static final MethodHandle CONSTRUCTOR;

        static {
            MethodHandle constructor;
            try {
                Class<?> record = Class.forName(Hessian2Input.class.getName() + "$ObjectDefinition", false,
                        Hessian2Input.class.getClassLoader());
                Constructor<?> made = record.getDeclaredConstructor(String.class, Deserializer.class, Object[].class,
                        String[].class);
                made.setAccessible(true);
                constructor = MethodHandles.lookup().unreflectConstructor(made).asType(MethodType.methodType(
                        Object.class, String.class, Deserializer.class, Object[].class, String[].class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                constructor = null;     // hessian-lite 3.2.x (another record), another build, or a JVM that refuses
            }
            REACHABLE = constructor != null;
            CONSTRUCTOR = constructor;
        }

        static Object make(String type, Deserializer reader, Object[] fields, String[] names) {
            try {
                return (Object) CONSTRUCTOR.invokeExact(type, reader, fields, names);
            } catch (Throwable e) {
                throw new IllegalStateException(e);     // a constructor that only assigns its fields
            }
        }
    }

    /**
     * hessian-lite's private read buffer ({@code _buffer}, {@code _offset}, {@code _length}, {@code _is}, the same
     * names on both lines), reached once per class through method handles, which the JIT compiles to plain field accesses.
     */
    private static final class Buffer {
        static final boolean REACHABLE;
        private static final MethodHandle BYTES;
        private static final MethodHandle OFFSET;
        private static final MethodHandle SET_OFFSET;
        private static final MethodHandle LENGTH;
        private static final MethodHandle SET_LENGTH;
        private static final MethodHandle STREAM;

        static {
            MethodHandle bytes = null;
            MethodHandle offset = null;
            MethodHandle setOffset = null;
            MethodHandle length = null;
            MethodHandle setLength = null;
            MethodHandle stream = null;
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                Field bytesField = field("_buffer", byte[].class);
                Field offsetField = field("_offset", int.class);
                Field lengthField = field("_length", int.class);
                bytes = lookup.unreflectGetter(bytesField);
                offset = lookup.unreflectGetter(offsetField);
                setOffset = lookup.unreflectSetter(offsetField);
                length = lookup.unreflectGetter(lengthField);
                setLength = lookup.unreflectSetter(lengthField);
                stream = lookup.unreflectGetter(field("_is", InputStream.class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                bytes = null;   // another hessian-lite, or a JVM that refuses: hessian-lite's own Hessian2Input
            }
            REACHABLE = bytes != null;
            BYTES = bytes;
            OFFSET = offset;
            SET_OFFSET = setOffset;
            LENGTH = length;
            SET_LENGTH = setLength;
            STREAM = stream;
        }

        private static Field field(String name, Class<?> type) throws NoSuchFieldException {
            return PrivateFields.instanceField(Hessian2Input.class, name, type);
        }

        static byte[] bytes(Hessian2Input in) {
            try {
                return (byte[]) BYTES.invokeExact(in);
            } catch (Throwable e) {
                throw new IllegalStateException(e);     // a field getter throws nothing
            }
        }

        static int offset(Hessian2Input in) {
            try {
                return (int) OFFSET.invokeExact(in);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        static int length(Hessian2Input in) {
            try {
                return (int) LENGTH.invokeExact(in);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        static void setLength(Hessian2Input in, int length) {
            try {
                SET_LENGTH.invokeExact(in, length);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        static InputStream stream(Hessian2Input in) {
            try {
                return (InputStream) STREAM.invokeExact(in);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        static void setOffset(Hessian2Input in, int offset) {
            try {
                SET_OFFSET.invokeExact(in, offset);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
