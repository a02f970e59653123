package io.github.hessiantime;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The published jar's public API is what a user types and what Dubbo instantiates, and nothing else: the two API
 * packages hold exactly the public types listed here, and every other package is internal, says so in its
 * package-info and is left out of the javadoc jar. A new public type in an API package, or a new package, fails this
 * test until it is added on purpose.
 *
 * <p>The jar has no module descriptor (its module name is the manifest's {@code Automatic-Module-Name}, checked on
 * the packaged jar by {@code ModulePathIT}): hessian-lite and Dubbo declare no module names, so a descriptor could
 * only require names guessed from their jar files. On the module path an automatic module exports every package,
 * as the class path does; what keeps the surface to the API is this test, the package-infos and the javadoc.
 */
class PublicApiTest {
    private static final Path CLASSES = Paths.get(System.getProperty("hessiantime.mainClasses"));
    private static final Path SOURCES = Paths.get(System.getProperty("hessiantime.mainSources"));

    private static final TreeSet<String> API_PACKAGES = new TreeSet<>(Arrays.asList(
            "io/github/hessiantime", "io/github/hessiantime/dubbo"));

    private static final TreeSet<String> PUBLIC_TYPES = new TreeSet<>(Arrays.asList(
            // what a user types
            "io.github.hessiantime.JavaTimeSerializerFactory",
            "io.github.hessiantime.TimeDecodingException",
            "io.github.hessiantime.TimeDecodingException$Problem",
            // what Dubbo instantiates: its SPI extensions and the beans they register
            "io.github.hessiantime.dubbo.Hessian2TimeSerialization",
            "io.github.hessiantime.dubbo.Hessian2TimeScopeModelInitializer",
            "io.github.hessiantime.dubbo.Hessian2TimeProtocolWrapper",
            "io.github.hessiantime.dubbo.Hessian2TimeFactoryManager",
            // Triple: the packable method factory wrapper, what providers advertise, each call's format
            "io.github.hessiantime.dubbo.Hessian2TimePackableMethodFactory",
            "io.github.hessiantime.dubbo.TripleAdvertisement",
            "io.github.hessiantime.dubbo.TripleCallFormats",
            // what an operator sees: the QoS command
            "io.github.hessiantime.dubbo.Hessian2TimeCommand"));

    @Test
    void everyOtherPackageIsInternalAndLeftOutOfTheJavadoc() throws IOException {
        TreeSet<String> internal = new TreeSet<>();
        try (Stream<Path> files = Files.walk(CLASSES)) {
            files.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> CLASSES.relativize(p.getParent()).toString().replace(File.separatorChar, '/'))
                    .filter(packaze -> !API_PACKAGES.contains(packaze))
                    .forEach(internal::add);
        }
        TreeSet<String> leftOutOfJavadoc = new TreeSet<>();
        for (String packaze : System.getProperty("hessiantime.internalPackages").split(":")) {
            leftOutOfJavadoc.add(packaze.replace('.', '/'));
        }
        assertEquals(internal, leftOutOfJavadoc, "the javadoc leaves out exactly the internal packages");
        for (String packaze : internal) {
            Path packageInfo = SOURCES.resolve(packaze).resolve("package-info.java");
            assertTrue(Files.exists(packageInfo), packaze + " has no package-info saying what it is");
            String text = new String(Files.readAllBytes(packageInfo), StandardCharsets.UTF_8);
            assertTrue(text.contains("Internal") || text.contains("not part of the public API"),
                    packageInfo + " does not say that the package is internal");
        }
    }

    @Test
    void theApiPackagesHoldExactlyTheApiTypes() throws IOException {
        TreeSet<String> publicTypes = new TreeSet<>();
        for (String packaze : API_PACKAGES) {
            try (Stream<Path> files = Files.list(CLASSES.resolve(packaze))) {
                for (Path file : files.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList())) {
                    String name = packaze.replace('/', '.') + "." + file.getFileName().toString().replace(".class", "");
                    if (name.endsWith("package-info")) {
                        continue;
                    }
                    if (isReachable(packaze, file.getFileName().toString().replace(".class", ""))) {
                        publicTypes.add(name);
                    }
                }
            }
        }
        assertEquals(PUBLIC_TYPES, publicTypes);
    }

    /**
     * Public, and so is each class it is nested in; read from the class files, not loaded (the hessian-lite 3.2 run
     * has no Dubbo on its class path).
     */
    private static boolean isReachable(String packaze, String binaryName) throws IOException {
        String[] parts = binaryName.split("\\$");
        StringBuilder enclosing = new StringBuilder();
        for (String part : parts) {
            enclosing.append(enclosing.length() == 0 ? "" : "$").append(part);
            Path file = CLASSES.resolve(packaze).resolve(enclosing + ".class");
            if ((new ClassReader(Files.readAllBytes(file)).getAccess() & Opcodes.ACC_PUBLIC) == 0) {
                return false;
            }
        }
        return true;
    }
}
