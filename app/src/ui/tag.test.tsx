import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tag } from './Badge';

afterEach(cleanup);

describe('Tag: a status label as a pill', () => {
  it('is neutral by default and keeps the page’s class and data attributes', () => {
    render(
      <>
        <Tag>待审核</Tag>
        <Tag tone="success" className="bo-badge" data-status="active">
          生效中
        </Tag>
      </>,
    );
    const plain = screen.getByText('待审核');
    expect(plain.className).toBe('ui-tag');
    expect(plain.dataset.tone).toBe('neutral');
    const slot = screen.getByText('生效中');
    expect(slot.className).toBe('ui-tag bo-badge');
    expect(slot.dataset.tone).toBe('success');
    expect(slot.dataset.status).toBe('active');
  });
});
