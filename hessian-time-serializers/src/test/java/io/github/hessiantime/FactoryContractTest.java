package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import io.github.hessiantime.hessian.WireType;
import io.github.hessiantime.hessian.deser.CompactDeserializer;
import io.github.hessiantime.hessian.deser.HandleDeserializer;
import io.github.hessiantime.hessian.deser.JavaTimeClassDeserializer;
import io.github.hessiantime.hessian.ser.CompactSerializer;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the entry point promises, and the library's build-level guarantees. */
class FactoryContractTest {

    @Test
    void compatibleWritesNothingItself() {
        JavaTimeSerializerFactory compatible = JavaTimeSerializerFactory.compatible();
        for (Object value : EdgeCorpus.all()) {
            assertNull(compatible.getSerializer(value.getClass()), value.getClass().getName());
        }
    }

    @Test
    void compactWritesEveryTypeIncludingZoneRegions() {
        JavaTimeSerializerFactory compact = JavaTimeSerializerFactory.compact();
        for (Object value : EdgeCorpus.all()) {
            assertInstanceOf(CompactSerializer.class, compact.getSerializer(value.getClass()), value.getClass().getName());
        }
        // ZoneId.of gives the non-public ZoneRegion class; offsets keep their own serializer.
        assertTrue(Hessian.hex(Hessian.write(Hessian.compactFactory(), ZoneId.of("Europe/Paris")))
                .contains(Hessian.hex("ht.ZoneId".getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
        assertTrue(Hessian.hex(Hessian.write(Hessian.compactFactory(), ZoneOffset.ofHours(2)))
                .contains(Hessian.hex("ht.ZoneOffset".getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
        assertNull(compact.getSerializer(java.util.Date.class));
        assertNull(compact.getSerializer(String.class));
    }

    @Test
    void bothReadEveryFormatOfEveryTypeEachWithTheReaderOfItsOwnName() throws Exception {
        for (JavaTimeSerializerFactory factory : new JavaTimeSerializerFactory[]{
                JavaTimeSerializerFactory.compact(), JavaTimeSerializerFactory.compatible()}) {
            for (WireType wire : WireType.values()) {
                assertReader(factory.getDeserializer(Class.forName(wire.wireName())), CompactDeserializer.class, wire);
                assertReader(factory.getDeserializer(Class.forName(wire.handleClassName())), HandleDeserializer.class,
                        wire);
                assertReader(factory.getDeserializer(wire.javaType()), JavaTimeClassDeserializer.class, wire);
                assertEquals(wire.javaType(), factory.getDeserializer(wire.javaType()).getType());
            }
            assertNull(factory.getDeserializer(String.class));
        }
    }

    private static void assertReader(Deserializer deserializer, Class<?> kind, WireType wire) {
        assertInstanceOf(kind, deserializer, wire.name());
        assertEquals(wire.javaType(), deserializer.getType(), wire.name());
    }

    /**
     * newSerializerFactory() writes the compact format for every type on both lines. Adding the factory to a stock
     * SerializerFactory does too on 4.0.x, but on 3.2.x hessian-lite's own java.time serializers come first (only
     * zone regions, which it has none for, are compact there), as the README says.
     */
    @Test
    void newSerializerFactoryWritesCompactOnEveryLineAddFactoryOnlyOn40() throws Exception {
        for (Object value : EdgeCorpus.all()) {
            String viaNew = new String(Hessian.write(JavaTimeSerializerFactory.compact().newSerializerFactory(), value),
                    java.nio.charset.StandardCharsets.ISO_8859_1);
            assertTrue(viaNew.contains("ht."), "compact: " + value);
            String viaAdd = new String(Hessian.write(Hessian.stockFactoryWith(JavaTimeSerializerFactory.compact()), value),
                    java.nio.charset.StandardCharsets.ISO_8859_1);
            boolean region = value instanceof ZoneId && !(value instanceof ZoneOffset);
            assertEquals(Hessian.hessianLiteLine().equals("4.0") || region, viaAdd.contains("ht."), "added: " + value);
        }
    }

    /** The one list of types: every marker class in package ht is a wire type, and every wire type has one. */
    @Test
    void wireNamesAreExactlyTheMarkerClassesOfPackageHt() throws IOException {
        Path ht = Paths.get(System.getProperty("hessiantime.mainClasses"), "ht");
        try (Stream<Path> files = Files.list(ht)) {
            assertEquals(Stream.of(WireType.values()).map(WireType::wireName).collect(Collectors.toSet()),
                    files.map(p -> "ht." + p.getFileName().toString().replaceAll("\\.class$", ""))
                            .filter(name -> !name.equals("ht.package-info")).collect(Collectors.toSet()));
        }
        assertEquals(Stream.of(WireType.values()).map(WireType::wireName).collect(Collectors.toList()),
                JavaTimeSerializerFactory.wireClassNames());
    }

    /**
     * Adding the jar must not change what a stock SerializerFactory does: the library registers nothing through
     * hessian-lite's resource files (whose paths hessian-lite's own jar also has).
     */
    @Test
    void shipsNoHessianLiteResourceFiles() {
        Path hessianResources = Paths.get(System.getProperty("hessiantime.mainClasses"), "META-INF", "dubbo", "hessian");
        assertFalse(Files.exists(hessianResources), "the jar must not ship " + hessianResources);
    }

    /** Many Dubbo users are on Java 8: every class of the library is Java 8 bytecode (major version 52). */
    @Test
    void libraryIsJava8Bytecode() throws IOException {
        List<Path> classes = libraryClasses();
        assertTrue(classes.size() > 30, "found " + classes.size());
        for (Path file : classes) {
            try (DataInputStream in = new DataInputStream(new FileInputStream(file.toFile()))) {
                assertEquals(0xCAFEBABE, in.readInt());
                in.readUnsignedShort();
                assertEquals(52, in.readUnsignedShort(), file.toString());
            }
        }
    }

    /** No global switches: no static field of the library may be changed after class initialisation. */
    @Test
    void noStaticMutableState() throws Exception {
        Path root = Paths.get(System.getProperty("hessiantime.mainClasses"));
        for (Path file : libraryClasses()) {
            String name = root.relativize(file).toString().replace(File.separatorChar, '.').replaceAll("\\.class$", "");
            if (name.startsWith("io.github.hessiantime.dubbo.") && !Hessian.hessianLiteLine().equals("4.0")) {
                continue; // the Dubbo glue needs Dubbo, which the hessian-lite 3.2 run leaves off the class path
            }
            Class<?> type = Class.forName(name, false, getClass().getClassLoader());
            for (Field field : type.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers) && !field.isSynthetic()) {
                    assertTrue(Modifier.isFinal(modifiers), "static non-final field " + field);
                    Class<?> fieldType = field.getType();
                    boolean immutable = fieldType.isPrimitive() || fieldType == String.class || fieldType == long[].class
                            && Modifier.isPrivate(modifiers) || List.class.isAssignableFrom(fieldType) || fieldType.isEnum()
                            || fieldType == type
                            // a private table of java.time's own (immutable) offsets, filled once at class init
                            || fieldType == java.time.ZoneOffset[].class && Modifier.isPrivate(modifiers)
                            // method handles are immutable (the inline fields' Unsafe accessors, bound once)
                            || fieldType == java.lang.invoke.MethodHandle.class && Modifier.isPrivate(modifiers)
                            // a class found once (java.lang.Record, absent before Java 16)
                            || fieldType == Class.class && Modifier.isPrivate(modifiers)
                            // per-thread nesting counter of the readers: scratch state, never configuration
                            || fieldType == ThreadLocal.class && Modifier.isPrivate(modifiers);
                    assertTrue(immutable, "static field of a mutable type: " + field);
                }
            }
        }
    }

    /** The library's classes. */
    private static List<Path> libraryClasses() throws IOException {
        try (Stream<Path> files = Files.walk(Paths.get(System.getProperty("hessiantime.mainClasses")))) {
            return files.filter(p -> p.toString().endsWith(".class"))
                    .collect(Collectors.toList());
        }
    }

    @Test
    void exceptionIsAnIOException() {
        TimeDecodingException e = new TimeDecodingException(java.time.Instant.class,
                TimeDecodingException.Problem.TRUNCATED, "x");
        assertInstanceOf(IOException.class, e);
        assertEquals("java.time.Instant: truncated input: x", e.getMessage());
    }
}
