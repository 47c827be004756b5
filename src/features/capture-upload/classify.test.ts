import { describe, expect, it } from 'vitest';
import { classify } from './bundle.ts';

const file = (name: string) => new File([new Uint8Array(4)], name);

describe('classify: what the owner chose', () => {
  it('takes several JPEG and PNG photos as one set', () => {
    const choice = classify([file('a.jpg'), file('b.JPEG'), file('c.png')]);
    expect(choice.kind).toBe('photos');
    expect(choice.kind === 'photos' && choice.files.map((f) => f.name)).toEqual(['a.jpg', 'b.JPEG', 'c.png']);
  });

  it('refuses a model chosen with photos as mixed, and two models as several', () => {
    expect(classify([file('house.glb'), file('a.jpg')]).kind).toBe('mixed');
    expect(classify([file('house.glb'), file('barn.glb')]).kind).toBe('several');
  });

  it('keeps one photo single and a .gltf with its PNG textures a model', () => {
    expect(classify([file('a.jpg')]).kind).toBe('single');
    expect(classify([file('room.gltf'), file('room.bin'), file('wall.png')]).kind).toBe('gltf');
  });
});
