package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;
import org.apache.dubbo.common.serialize.Cleanable;
import org.apache.dubbo.common.serialize.ObjectOutput;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code hessian2-time} writer: what Dubbo's {@code Hessian2ObjectOutput} does, call for call, except that the
 * Hessian stream asks hessian-time for java.time values first ({@code JavaTimeSerializerFactory.newHessian2Output}).
 * Dubbo's own class builds its {@code Hessian2Output} itself, so it cannot be reused for that.
 */
final class Hessian2TimeObjectOutput implements ObjectOutput, Cleanable {
    private final Hessian2Output out;

    Hessian2TimeObjectOutput(OutputStream stream, SerializerFactory factory, JavaTimeSerializerFactory time) {
        this.out = time.newHessian2Output(stream);
        this.out.setSerializerFactory(factory);
    }

    @Override
    public void writeBool(boolean v) throws IOException {
        out.writeBoolean(v);
    }

    @Override
    public void writeByte(byte v) throws IOException {
        out.writeInt(v);
    }

    @Override
    public void writeShort(short v) throws IOException {
        out.writeInt(v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        out.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        out.writeLong(v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        out.writeDouble(v);
    }

    @Override
    public void writeDouble(double v) throws IOException {
        out.writeDouble(v);
    }

    @Override
    public void writeBytes(byte[] b) throws IOException {
        out.writeBytes(b);
    }

    @Override
    public void writeBytes(byte[] b, int off, int len) throws IOException {
        out.writeBytes(b, off, len);
    }

    @Override
    public void writeUTF(String v) throws IOException {
        out.writeString(v);
    }

    @Override
    public void writeObject(Object obj) throws IOException {
        out.writeObject(obj);
    }

    @Override
    public void flushBuffer() throws IOException {
        out.flushBuffer();
    }

    @Override
    public void cleanup() {
        out.reset();
    }
}
