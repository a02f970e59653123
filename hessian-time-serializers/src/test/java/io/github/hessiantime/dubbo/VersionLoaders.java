package io.github.hessiantime.dubbo;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two versions of the same classes, as a writer and a reader of a rolling deploy have them: sources compiled in memory
 * with the JDK's compiler, one class loader per version (the JDK's classes shared through the parent), so both can be
 * loaded at once under the same names.
 */
final class VersionLoaders {
    private VersionLoaders() {
    }

    /** A class loader of the classes compiled from {@code sources} (class name to source). */
    static ClassLoader compile(String version, Map<String, String> sources) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager standard = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        JavaFileManager files = new ForwardingJavaFileManager<JavaFileManager>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                       FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"),
                        kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        classes.put(className, bytes);
                        return bytes;
                    }
                };
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        for (Map.Entry<String, String> source : sources.entrySet()) {
            units.add(new SimpleJavaFileObject(URI.create("string:///" + source.getKey().replace('.', '/') + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source.getValue();
                }
            });
        }
        boolean compiled = compiler.getTask(null, files, diagnostics, Arrays.asList("--release", "17", "-proc:none"),
                null, units).call();
        if (!compiled) {
            StringBuilder errors = new StringBuilder(version + " does not compile:");
            for (Diagnostic<? extends JavaFileObject> diagnostic : diagnostics.getDiagnostics()) {
                errors.append('\n').append(diagnostic);
            }
            throw new IllegalStateException(errors.toString());
        }
        Map<String, byte[]> bytecode = new HashMap<>();
        classes.forEach((name, bytes) -> bytecode.put(name, bytes.toByteArray()));
        return new ClassLoader(VersionLoaders.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    Class<?> loaded = findLoadedClass(name);
                    if (loaded == null) {
                        byte[] code = bytecode.get(name);
                        loaded = code != null ? defineClass(name, code, 0, code.length) : super.loadClass(name, false);
                    }
                    if (resolve) {
                        resolveClass(loaded);
                    }
                    return loaded;
                }
            }

            @Override
            public String toString() {
                return version;
            }
        };
    }

    /** What runs with a context class loader, as a Dubbo call of an application of that class loader does. */
    interface InContext<T> {
        T run() throws Exception;
    }

    /** {@code action} run with {@code loader} as this thread's context class loader, which is then restored. */
    static <T> T inContext(ClassLoader loader, InContext<T> action) throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return action.run();
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
