package io.github.hessiantime;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ModuleVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The published jar's public API is what a user types and what Dubbo instantiates, and nothing else: the module
 * descriptor exports exactly the two API packages, and they hold exactly the public types listed here. A new public
 * type there, or a new exported package, fails this test until it is added on purpose.
 */
class PublicApiTest {
    private static final Path CLASSES = Paths.get(System.getProperty("hessiantime.mainClasses"));

    private static final TreeSet<String> EXPORTED_PACKAGES = new TreeSet<>(Arrays.asList(
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
            "io.github.hessiantime.dubbo.Hessian2TimePackableMethodFactory",
            "io.github.hessiantime.dubbo.TripleAdvertisement",
            "io.github.hessiantime.dubbo.TripleCallFormats"));

    @Test
    void theModuleExportsExactlyTheApiPackages() throws IOException {
        Path descriptor = CLASSES.resolve("META-INF/versions/9/module-info.class");
        TreeSet<String> exported = new TreeSet<>();
        new ClassReader(Files.readAllBytes(descriptor)).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public ModuleVisitor visitModule(String name, int access, String version) {
                assertEquals("io.github.hessiantime", name);
                return new ModuleVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitExport(String packaze, int exportAccess, String... modules) {
                        assertEquals(null, modules, packaze + " is exported to named modules only");
                        exported.add(packaze);
                    }

                    @Override
                    public void visitOpen(String packaze, int openAccess, String... modules) {
                        throw new AssertionError("the module opens " + packaze);
                    }
                };
            }
        }, 0);
        assertEquals(EXPORTED_PACKAGES, exported);
    }

    @Test
    void theApiPackagesHoldExactlyTheApiTypes() throws IOException {
        TreeSet<String> publicTypes = new TreeSet<>();
        for (String packaze : EXPORTED_PACKAGES) {
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
